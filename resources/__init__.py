"""Package data of LitLens (``litlens.resources``): prompts, rubrics, the MQM typology, prices, samples,
icons and UI translations. Found through ``litlens.app.core.resources``, never by a guessed path."""
