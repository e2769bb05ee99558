"""Running judges and keeping what they find: the plan/estimate/execute service, the engine, the SQLite
store, and the reviewer's decisions stored beside the judges' results."""
