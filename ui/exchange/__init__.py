"""File › Export review DOCX… and Import review DOCX…: the bilingual review file exchanged with the translator."""
