"""The main window and what only it owns: it creates every feature's widgets and controllers, hands them what
they act on, builds the menus from their operations, and lays out the docks around the pair view. Nothing
outside this package imports it.
"""
