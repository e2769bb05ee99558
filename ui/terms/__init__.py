"""The Terms dock: a project's termbase file opened, edited (source term, target term, status, note),
filled from the names and key terms the consistency judge found, saved as TBX/CSV/XLSX, and handed to the
consistency judge for the next run (app/terms does the reading, writing and promoting)."""
