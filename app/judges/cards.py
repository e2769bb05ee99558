"""Protocol cards of the built-in judges, kept together so the paper-vs-options story reads as one page
(each judge points its ``protocol`` attribute here; a plug-in writes its own card beside its judge).

Each card describes the paper-default behaviour; every deviation names the option that controls it and
the value that gives the paper's way. tests/test_protocol_cards.py checks that every named option exists.
"""

from __future__ import annotations

from litlens.app.judges.protocol import Calls, ProtocolCard, Step
from litlens.app.judges.protocol import Deviation as D

S000 = "seed 000 — A 2-step Framework for Automated Literary Translation Evaluation (English→Korean)"
S002 = "seed 002 — How Good Are LLMs for Literary Translation, Really? (LitEval-Corpus)"
S003 = "seed 003 — MAS-LitEval"
S004 = "seed 004 — TransEvalnia"

# criterion name -> the heading of its rubric block (resources/prompts/da_mqm/rubric.j2)
_DA_MQM_BLOCKS = {"Lexical Choice": "Lexical choice", "Honorifics": "Honorifics in dialogue",
                  "Syntax & Grammar": "Syntax and grammar", "Content Accuracy": "Content accuracy"}

DA_MQM = ProtocolCard(
    source=S000, sections="Step 1 (DA-MQM); App. C rubric; App. J.3 per-criterion prompt",
    method="Four criteria (Lexical Choice, Honorifics, Syntax & Grammar, Content Accuracy), each 1–5, one "
           "criterion per call with only its App. C rubric, temperature 0, score only; Honorifics = 5 "
           "without asking for a paragraph with no dialogue.",
    calls="4 per paragraph and candidate (3 when the paragraph has no dialogue)",
    deviations=(
        D("All four criteria in one call (cheaper; not what the paper measured)", "protocol", "paper"),
        D("The human annotators' notes (App. E) added to the rubric", "guidelines", "false"),
        D("A short rationale asked with each score", "rationale", "false"),
        D("Honorifics asked even without dialogue", "honorifics_default", "true"),
        D("Dialogue is found from the turns of speech in source and translation, not quote marks", "", ""),
        D("Means are reported both with and without the forced Honorifics 5s, with 95% t-intervals over "
          "paragraphs (a paragraph's criteria are one unit; none below 5 paragraphs)", "", ""),
        D("The reference translation, when given, is shown to the model", "use_reference", "true"),
        D("Our addition: the Honorifics call gets the Korean analyser's relationship ledger (who speaks "
          "to whom, at which level, unexplained changes) as a data block", "ledger_context", "false"),
        D("Our addition: the Lexical Choice call gets the project termbase's entries whose source term "
          "occurs in the paragraph as a data block (recorded on each result)", "termbase", ""),
    ),
    steps=(
        Step("rubric", "four criteria, 1–5, App. C rubric per criterion (§3.1)", "rubric text in our words"),
        Step("termbase", "— (the paper gives the model no glossary)", "ours, off by default: the relevant "
             "termbase entries with the Lexical Choice call"),
        Step("calls", "one criterion per call with only its rubric, score only (App. J.3)"),
        Step("honorifics", "5 without asking when the paragraph has no dialogue (§3.1)",
             "dialogue found from turns of speech, not quote marks"),
        Step("figures", "mean per criterion (§5)", "means with and without the forced 5s; 95% t-intervals "
             "over paragraphs"),
    ),
    requests=tuple(
        Calls("da_mqm_score", "dialogue paragraph×candidate" if name == "Honorifics" else "paragraph×candidate",
              only=f"on ONE criterion, {name},", blocks=(f"{block}\nWhat it covers",),
              absent=tuple(f"{b}\nWhat it covers" for n, b in _DA_MQM_BLOCKS.items() if n != name)
              + ("Notes on applying the rubric",))
        for name, block in _DA_MQM_BLOCKS.items()))

VERSE = ProtocolCard(
    source=S000, sections="Step 2 (VERSE); App. H.1.1 classification",
    method="Story summary → verification questions per source paragraph (as many as its content calls "
           "for) → each question classified into exactly one of nine categories by name → each answered "
           "1–3 per candidate → per-category percentages (radar).",
    calls="1 summary per text (more for long texts), 1 question call and 1 classification call per "
          "paragraph (shared by candidates), 1 answer call per question and candidate",
    deviations=(
        D("Category descriptions shown and 'unclassified' allowed", "classify_with", "names"),
        D("A paragraph's questions answered in one call", "answer_mode", "per-question"),
        D("Bounds on the number of questions per paragraph", "max_questions", "none"),
        D("Answering without the project's reference (seed 000 §5.2's ablation; its main setting shows it)",
          "use_reference", "true"),
        D("Our option: the human annotators' guidelines (App. E.2) added to the answer rubric", "guidelines",
          "false"),
        D("Category percentages carry 95% t-intervals over paragraphs (a paragraph's questions are one "
          "unit; none below 5 paragraphs)", "", ""),
    ),
    steps=(
        Step("summary", "a story summary first (§4.1)", "chunked summaries combined for long texts"),
        Step("questions", "verification questions per source paragraph from it and the summary (§4.1)",
             "malformed questions dropped and counted"),
        Step("classification", "each question into one of nine categories by name (App. H.1.1)"),
        Step("answers", "each question answered 1–3 per candidate, one at a time (§4.2); the reference "
             "shown when there is one (§5.2)", "rubric in our words; App. E.2 guidelines only as an option"),
        Step("figures", "per-category share of the maximum score (radar, §5)", "95% t-intervals over "
             "paragraphs"),
    ),
    requests=(
        Calls("verse_summary", "text"),
        Calls("verse_questions", "paragraph"),
        Calls("verse_categories", "paragraph", absent=("period, place, customs",)),
        Calls("verse_answers", "question×candidate", blocks=("HOW TO SCORE EACH QUESTION",),
              absent=("Guidance (the annotators' guidelines)",)),
    ))

_FEW_SHOT = ("system", "user", "assistant", "user", "assistant", "user")

GEMBA_MQM = ProtocolCard(
    source=S002, sections="§5 and Table 10 (GEMBA-MQM, original and literary prompts); Table 8 typology",
    method="The model marks error spans with critical/major/minor severities, GEMBA's short category list "
           "(accuracy, fluency, style, terminology, non-translation, other) as Table 8 paths; GEMBA's "
           "few-shot structure: two worked examples (ours) as user/assistant turns before the real input; "
           "temperature 0; paragraph MQM score −(25·non-translation + 5·major + 1·minor)/sentences, and "
           "GEMBA's own weights beside it.",
    calls="1 per paragraph and candidate (system, 2 example user/assistant pairs, then the paragraph)",
    deviations=(
        D("The literary-critic prompt instead of GEMBA's original", "variant", "original"),
        D("Every Table 8 category with its definition instead of GEMBA's short list", "categories", "gemba"),
        D("Ours: answers as JSON (quoted span, severity, category, explanation) instead of GEMBA's plain "
          "list; GEMBA's 'character encoding' has no Table 8 path and is left out", "", ""),
        D("Quoted spans are located at exact offsets in the text (unplaceable quotes kept and listed)", "", ""),
        D("The adequacy table against a human translation", "human", "none"),
        D("Our addition: the Korean analyser's relationship ledger (who speaks to whom, at which level, "
          "unexplained changes) added to each prompt as a data block", "ledger_context", "false"),
        D("Our addition: the project termbase's entries whose source term occurs in the paragraph added to "
          "each prompt as a data block (recorded on each result)", "termbase", ""),
        D("Means carry 95% studentized-bootstrap intervals over paragraphs (MQM scores are skewed; none "
          "below 8 paragraphs)", "", ""),
    ),
    steps=(
        Step("prompt", "GEMBA-MQM's instruction, or the literary critic's (Table 10)", "both in our words"),
        Step("few-shot", "worked examples as earlier user/assistant turns (Table 10)", "two examples of our "
             "own per variant"),
        Step("categories", "GEMBA's short category list (Table 10)", "written as Table 8 paths"),
        Step("termbase", "— (the paper gives the model no glossary)", "ours, off by default: the relevant "
             "termbase entries with each paragraph"),
        Step("answer", "error spans with category and severity (§5)", "JSON with quoted spans, located at "
             "offsets"),
        Step("score", "−(25·non-translation + 5·major + 1·minor)/sentences (§5)", "GEMBA's capped score "
             "beside it"),
    ),
    requests=(
        Calls("mqm_errors", "paragraph×candidate", roles=_FEW_SHOT, blocks=("- style: style/awkwardness",),
              absent=("accuracy/mistranslation/overly-literal:", "as a critic")),
    ),
    variant_requests=(
        ("variant=literary", (Calls("mqm_errors", "paragraph×candidate", roles=_FEW_SHOT,
                                    blocks=("as a critic", "- style: style/awkwardness"),
                                    absent=("accuracy/mistranslation/overly-literal:",)),)),
    ))

SQM = ProtocolCard(
    source=S002, sections="§3 (SQM)",
    method="One overall 0–6 rating per paragraph and translation, weighted toward stylistic and artistic "
           "quality, anchored as in the paper's SQM instructions; the paragraph's translations are shown "
           "together (under letters) so they can be compared, as the paper's raters could scroll to the others.",
    calls="1 per paragraph (every translation rated in it); with candidates=alone, 1 per paragraph and "
          "candidate",
    deviations=(
        D("A short rationale is written before the ratings (the paper's raters gave none)", "", ""),
        D("The adequacy table against a human translation", "human", "none"),
        D("Means carry 95% t-intervals over paragraphs (none below 5 paragraphs)", "", ""),
        D("Each translation rated alone, without seeing the others", "candidates", "together"),
        D("Translations are shown under letters in project order (the paper does not say how its raters' "
          "screens ordered them)", "", ""),
    ),
    steps=(
        Step("rating", "one 0–6 rating per paragraph translation, anchored at 0/2/4/6 (§3, Table 11)",
             "anchors in our words; a short rationale written before the ratings"),
        Step("context", "raters could scroll to the passage's other translations to compare (§3)",
             "all translations of the paragraph in one request, each rated on its own scale"),
    ),
    requests=(Calls("sqm_ratings", "paragraph", first_key="rationale"),))

BWS = ProtocolCard(
    source=S002, sections="§3 (Best-Worst Scaling), Table 6",
    method="All translations of a passage shown under letters; the model names the best and the worst; "
           "score per candidate = (best − worst) / judgements.",
    calls="1 per passage and order; a Williams design: one order per candidate for an even number, two "
          "for an odd one (every candidate in every position, and right after every other, equally often)",
    deviations=(
        D("The paper gives no order design for an LLM; the Williams design is ours. Fewer orders: cheaper, "
          "no longer balanced", "orders", "none"),
        D("The adequacy table against a human translation", "human", "none"),
        D("A short rationale is written before the choice (the paper's raters gave none)", "", ""),
    ),
    steps=(
        Step("choice", "best and worst of all translations of a passage (§3, Table 6)", "a short rationale "
             "first"),
        Step("orders", "none given for an LLM", "ours: a Williams design (n orders, 2n for odd n)"),
        Step("score", "(best − worst) / judgements (§3)"),
    ),
    requests=(Calls("best_worst", "paragraph×order", first_key="rationale"),))

LITERALNESS = ProtocolCard(
    source=S002, sections="§5 and App. F.6 (lexical overlap; FastKASSIM syntactic similarity)",
    method="Avg. overlap_j = mean over passages of the mean sacreBLEU sentence BLEU of candidate j against "
           "each other candidate, sacreBLEU's standard tokenizer for the target language.",
    calls="none (computed locally)",
    deviations=(
        D("BLEU on our own tokens (Kiwi morphemes for Korean, characters for Chinese/Japanese)", "tokenizer",
          "sacrebleu"),
        D("Syntactic similarity: a tree kernel over spaCy dependency parses stands in for FastKASSIM, and "
          "is left out when no parser is installed", "", ""),
    ))

_ONE_SHOT = ("system", "user", "assistant", "user")

TRANSEVALNIA = ProtocolCard(
    source=S004, sections="§5.2 (span evaluation), §5.3 (Likert scoring), §6 (ranking methods), §6.2 (B)",
    method="The model cuts each translation into spans and evaluates them on six dimensions; 1–5 scores "
           "per dimension and overall; ranking by one-, two- or three-step interleaving or without "
           "reasoning over p presentation orders (2 for two candidates, 3 for more); B = mean number of "
           "distinct winners across orders.",
    calls="per paragraph: 1 evaluation and 1 scoring per candidate, plus 1 ranking per order (three-step: "
          "1 interleaving and 1 ranking per order)",
    deviations=(
        D("Our pre-cut sentence spans instead of the model's own", "spans", "model"),
        D("A chosen number of presentation orders", "orders", "none"),
        D("Every permutation of the candidates", "all_orders", "false"),
        D("Ranking by mean Likert score (order-independent; §5.2 describes it, §6 ranks by the methods)",
          "method", "two-step"),
        D("A full ranking instead of 'which translation is best'", "verdict", "best"),
        D("Three-step with the evaluations regrouped in code instead of the model's interleaving call",
          "interleave", "model"),
        D("Zero-shot evaluation and scoring instead of one worked example each (ours, A.2/A.3's "
          "structure)", "examples", "true"),
        D("Emotional content replaces linguistic conventions (the paper's poetry variant)", "poetry", "false"),
        D("Likert scores alongside the ranking", "scores", "true"),
        D("Win rates over resampled paragraphs and over orders", "", ""),
    ),
    steps=(
        Step("evaluation", "the model splits each translation into spans and reasons on six dimensions, "
             "one-shot (§5.2, A.2)", "prompts and the worked example in our words"),
        Step("scores", "1–5 per dimension and overall, one-shot (§5.3, A.3)", "example ours"),
        Step("ranking", "which translation is best, one-, two- or three-step over p presentation orders "
             "(§6); three-step's interleaving is itself a model call (A.4.1); B (§6.2)"),
    ),
    requests=(
        Calls("transevalnia_evaluation", "paragraph×candidate", roles=_ONE_SHOT),
        Calls("transevalnia_scores", "paragraph×candidate", roles=_ONE_SHOT),
        Calls("transevalnia_ranking", "paragraph×order", first_key="rationale",
              user_blocks=("each followed by another expert's evaluation", "decide which translation is best")),
    ),
    variant_requests=(
        ("method=three-step", (Calls("transevalnia_evaluation", "paragraph×candidate", roles=_ONE_SHOT),
                               Calls("transevalnia_scores", "paragraph×candidate", roles=_ONE_SHOT),
                               Calls("transevalnia_interleaving", "paragraph×order",
                                     user_blocks=("Rewrite these evaluations",)),
                               Calls("transevalnia_ranking", "paragraph×order", first_key="rationale",
                                     user_blocks=("regrouped so that all comments on one topic",)))),
    ))

MAS_LITEVAL = ProtocolCard(
    source=S003, sections="Method (three agents and the coordinator; OTQS)",
    method="Terminology, narrative-perspective and style agents read chunks of ≤4,096 tokens of source text "
           "(the translation alongside) with carried context; each agent scores each chunk 0–1 on its own, "
           "an agent's score is the length-weighted mean of its chunk scores; OTQS = 0.3·T + 0.3·N + 0.4·S; "
           "temperature 0.1. Our uniformity index of term renderings is shown beside T.",
    calls="3 per chunk (one per agent) and 1 coordinator report per candidate",
    deviations=(
        D("Other OTQS weights", "weights", "0.3,0.3,0.4"),
        D("Another chunk size", "chunk_tokens", "4096"),
        D("Chunks sized by the whole prompt (source, translation and instructions) instead of by text",
          "chunking", "text"),
        D("T from our uniformity index (the chance that two occurrences of a key term are rendered alike) "
          "instead of the agent's score", "terminology", "agent"),
        D("Ours: before any call, each chunk's whole prompt and answer are checked against the model's "
          "context (API models from resources/context_windows.json, a local model by its n_ctx); a model "
          "missing from the table is not checked", "", ""),
        D("Rule-based term candidates when no spaCy pipeline is installed", "spacy_model", "en_core_web_sm"),
    ),
    steps=(
        Step("chunks", "≤4,096-token chunks with global context (Method)", "cut at paragraph boundaries; "
             "4,096 tokens of source text"),
        Step("agents", "terminology, narrative and style agents score 0–1 (Method)", "per chunk, length-"
             "weighted; prompts in our words; the uniformity index shown beside T"),
        Step("coordinator", "OTQS = 0.3·T + 0.3·N + 0.4·S and a report (Method)"),
    ),
    requests=(
        Calls("mas_liteval_terminology", "chunk×candidate", temperature=0.1,
              blocks=("Score the terminology consistency of this chunk",)),
        Calls("mas_liteval_narrative", "chunk×candidate", temperature=0.1),
        Calls("mas_liteval_style", "chunk×candidate", temperature=0.1),
        Calls("mas_liteval_report", "candidate", temperature=0.1),
    ))

HONORIFICS = ProtocolCard(
    source="LitLens's own analyser, prompted by seed 000's finding that LLM judges miss honorific errors",
    sections="seed 000, discussion of honorific errors (no paper protocol to follow)",
    method="Speech level of every Korean sentence from Kiwi's morphemes; flags a turn whose sentences are two "
           "tiers apart (하십시오체/해요체, 하오체, 하게체, 해라체/해체), a speaker changing level toward the same "
           "listener while their other lines to them agree, a line whose speaker is unknown between two people "
           "who speak to each other at one level, and narration that drifts. Endings two levels share, set "
           "phrases (잘 먹었습니다), exclamations and a sentence calling someone else by name are never slips. "
           "All rules ours; bench/register_slips.py measures them on planted slips.",
    calls="none (computed locally)")

CONSISTENCY = ProtocolCard(
    source="LitLens's own quality-assurance checks (no paper)",
    sections="—",
    method="Names and terms rendered differently, numbers that differ from the source, untranslated "
           "passages, doubled words, unpaired quotes and brackets, paragraph-length outliers.",
    calls="none (computed locally)",
    deviations=(D("Rule-based name candidates when no spaCy pipeline is installed", "spacy_model",
                  "en_core_web_sm"),
                D("A termbase file (TBX, CSV, TSV, XLSX) enforced: forbidden renderings, a preferred one "
                  "missing, variants it does not allow; the LLM judges DA-MQM and GEMBA-MQM can be sent the "
                  "same file's relevant entries as a data block (their option termbase)", "termbase", "")))

SPELLING = ProtocolCard(
    source="LitLens's own checker (no paper defines this judge; the rules and their measurements are ours)",
    sections="—",
    method="Korean spelling and spacing with a correction each: our table of misspellings wrong wherever they "
           "stand (몇일→며칠, 금새→금세…), our context rules (로서/로써 after a person, 안/않, 되/돼 ending a "
           "sentence, 든지/던지), Kiwi's spacing model (Kiwi.space, as written and with the spaces reset) kept "
           "only where Kiwi's morphemes (Kiwi.tokenize) on both sides make a spacing rule (bound noun after a "
           "modifier, counter after a Hangul numeral, particle or copula split off, -고 있다 run together), "
           "our word patterns for what Kiwi does not propose (compounds written apart, 받자 마자, 있는 지, "
           "사흘만에, 네것, 한번도, 했단말이오), and Kiwi's typo model (Kiwi.tokenize with typos='basic', "
           "Kiwi.join on the whole word) without its ㅐ/ㅔ confusions, particle swaps, stems left without an "
           "ending, or endings mended inside quoted speech (dialect). A sentence Kiwi would re-space in two "
           "places no rule explains gets no spacing finding. One shared Kiwi instance (the honorifics "
           "analyser's). MQM Fluency › "
           "Punctuation/Spelling, minor; the suggestion is the corrected words (Apply writes them).",
    calls="none (computed locally)",
    steps=(
        Step("sentences", "—", "Kiwi.split_into_sents on each paragraph"),
        Step("misspellings", "—", "our table of forms wrong in every context, and rules reading the words "
             "around (Kiwi.tokenize)"),
        Step("spacing", "—", "Kiwi.space proposes; a change is kept when the morphemes either side make it a "
             "rule of Korean spacing; sentences Kiwi cannot read confidently are left alone"),
        Step("typos", "—", "Kiwi.tokenize(typos='basic') corrections, rebuilt with Kiwi.join; none that only "
             "swaps ㅐ/ㅔ or reads 대/데 as 돼"),
        Step("figures", "—", "precision, recall and false alarms per 1,000 words of clean prose on a labelled "
             "tuning and held-out split (bench/spelling_accuracy.py)"),
    ))
