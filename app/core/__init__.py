"""What every layer shares: plain data objects, languages, prompts, resource lookup, logging, the sample."""
