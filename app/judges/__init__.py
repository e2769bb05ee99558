"""The judges: one module or package per method, behind one contract (``base``), with typed options
(``options``), typed result payloads (``payloads``), shared plumbing (``common``) and discovery through
the ``litlens.judges`` entry-point group (``registry``). A judge never imports another judge."""
