"""MAS-LitEval (seed 003): terminology, narrative and style agents over chunks, combined into OTQS."""
