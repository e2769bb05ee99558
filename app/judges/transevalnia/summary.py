"""TransEvalnia run-level figures, computed only from stored Judgments: winners per paragraph and order,
position-bias inconsistency B, the majority-vote ranking (ties kept as ties) and the score-based ranking.
``paragraph_view`` gathers what a comparison view shows for one paragraph."""

from __future__ import annotations

from collections import Counter, defaultdict
from statistics import mean
from typing import Any

from litlens.app.judges.payloads import Payload, RankedParagraph, Ranking, Summary
from litlens.app.metrics.ranking import format_tiers, score_ranking
from litlens.app.metrics.uncertainty import mean_interval, mean_win_rates, order_win_rates, paragraph_win_rates
from litlens.app.core.model import Judgment
from litlens.app.metrics.orders import PositionBias, RankedOrder, explain_b, position_bias


def _kind(j: Judgment, kind: str) -> bool:
    return j.data.get("kind") == kind


def ranked_orders(results: list[Judgment], method: str) -> tuple[list[RankedOrder], int]:
    """Successful rankings of ``method`` as RankedOrders, and how many of its rankings failed."""
    mine = [j for j in results if _kind(j, "ranking") and j.data.get("method") == method]
    ok = [RankedOrder(j.paragraph if j.paragraph is not None else -1, int(j.data["order_index"]),
                      tuple(j.data["presented"]), tuple(j.data["order"]))
          for j in mine if j.status == "ok"]
    return ok, sum(1 for j in mine if j.status != "ok")


def methods(results: list[Judgment]) -> list[str]:
    return list(dict.fromkeys(str(j.data["method"]) for j in results if _kind(j, "ranking")))


def bias_for(results: list[Judgment], method: str) -> PositionBias:
    ok, bad = ranked_orders(results, method)
    labels = [lab for j in results if _kind(j, "ranking") and j.data.get("method") == method
              for lab in j.data.get("presented", [])]
    return position_bias(ok, dict.fromkeys(labels), failed=bad)


def score_means(results: list[Judgment]) -> dict[str, dict[int, float]]:
    """candidate -> paragraph -> mean of its Likert scores (six dimensions and overall)."""
    out: dict[str, dict[int, float]] = defaultdict(dict)
    for j in results:
        if _kind(j, "scores") and j.status == "ok" and j.candidate and j.paragraph is not None:
            out[j.candidate][j.paragraph] = float(j.data["mean"])
    return dict(out)


def _para(i: int) -> str:
    return str(i + 1) if i >= 0 else "-"


def _ranking_summaries(results: list[Judgment], method: str) -> list[Summary]:
    pb = bias_for(results, method)
    rows = []
    for item, by_order in sorted(pb.winners.items()):
        tally = Counter(by_order.values())
        rows.append([_para(item), str(len(by_order)),
                     "  ".join(f"{k + 1}:{w}" for k, w in sorted(by_order.items())),
                     ", ".join(f"{w}×{n}" for w, n in tally.most_common()), str(len(tally)),
                     " = ".join(pb.per_item_majority[item])])
    per_para = Summary(f"{method} ranking: winner in each presentation order",
                       ["para", "orders", "winner by order", "tally", "|b_i|", "majority (ties: =)"], rows,
                       {"method": method, "winners": {str(i): {str(k): w for k, w in o.items()}
                                                      for i, o in pb.winners.items()},
                        "majority": {str(i): m for i, m in pb.per_item_majority.items()}})
    bias = Summary(f"{method} ranking: position bias",
                   ["B", "orders p", "paragraphs n", "failed rankings", "meaning"],
                   [["-" if pb.b is None else f"{pb.b:.2f}", str(pb.orders), str(len(pb.winners)),
                     str(pb.failed), explain_b(pb.b, pb.orders, pb.b_max)]],
                   {"method": method, "B": pb.b, "B_max": pb.b_max, "orders": pb.orders,
                    "paragraphs": len(pb.winners), "failed": pb.failed})
    ok, _ = ranked_orders(results, method)
    votes = Counter(r.best for r in ok)
    overall = Summary(f"{method} ranking: overall (majority vote over paragraphs and orders)",
                      ["place", "candidate(s)", "first-place votes"],
                      [[str(i + 1), " = ".join(t), str(votes[t[0]])] for i, t in enumerate(pb.ranking)],
                      {"method": method, "tiers": pb.ranking, "text": format_tiers(pb.ranking),
                       "votes": dict(votes)})
    return [per_para, bias, overall]


def _score_summaries(results: list[Judgment]) -> list[Summary]:
    means = score_means(results)
    if not means:
        return []
    paragraphs = sorted({p for by_p in means.values() for p in by_p})
    rows = []
    winners: dict[str, list[str]] = {}
    for p in paragraphs:
        here = {c: by_p[p] for c, by_p in means.items() if p in by_p}
        top = score_ranking(here)[0] if here else []
        winners[str(p)] = top
        rows.append([_para(p), " = ".join(top)] + [f"{c} {v:.2f}" for c, v in here.items()])
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    overall_means = {c: mean(by_p.values()) for c, by_p in means.items()}
    ivs = {c: mean_interval(list(by_p.values()), bounds=(1, 5)) for c, by_p in means.items()}  # over paragraphs
    tiers = score_ranking(overall_means)
    per_para = Summary("score-based ranking: best per paragraph (mean Likert score)",
                       ["para", "best (ties: =)"] + ["means"] + [""] * (width - 3), rows,
                       {"winners": winners})
    overall = Summary("score-based ranking: overall (order-independent: each candidate scored alone)",
                      ["place", "candidate(s)", "mean score"],
                      [[str(i + 1), " = ".join(t), f"{overall_means[t[0]]:.2f}"]
                       for i, t in enumerate(tiers)],
                      {"tiers": tiers, "text": format_tiers(tiers), "means": overall_means,
                       "ci95": {c: iv.as_list() for c, iv in ivs.items() if iv and iv.available}},
                      intervals={str(i + 1): {"mean score": b} for i, t in enumerate(tiers)
                                 if len(t) == 1 and (iv := ivs.get(t[0])) and (b := iv.as_list())})
    return [per_para, overall]


def summarize(results: list[Judgment]) -> list[Payload]:
    out: list[Payload] = []
    for method in methods(results):
        out += _ranking_summaries(results, method)
    return out + _score_summaries(results) + rankings(results)


def rankings(results: list[Judgment]) -> list[Ranking]:
    """One Ranking payload per ranking method, then the score-based one: every paragraph's verdict,
    rationale and scores, so a view needs nothing but the payload."""
    paragraphs = sorted({j.paragraph for j in results if j.paragraph is not None})
    out: list[Ranking] = []
    for method in methods(results):
        pb = bias_for(results, method)
        labels = [lab for t in pb.ranking for lab in t]
        by_para = list(pb.winners.values())
        # how sure the winner is: over resampled paragraphs, and order by order
        out.append(Ranking(f"{method} ranking", method, [list(t) for t in pb.ranking], pb.b, pb.b_max,
                           pb.orders, pb.failed,
                           [paragraph_view(results, p, method, pb) for p in paragraphs],
                           win_rates=paragraph_win_rates([list(o.values()) for o in by_para], labels),
                           order_win_rates=order_win_rates(by_para, labels)))
    means = score_means(results)
    if means:
        overall_means = {c: mean(by_p.values()) for c, by_p in means.items()}
        views = [paragraph_view(results, p, None, score_only=True) for p in paragraphs]
        out.append(Ranking("score-based ranking (mean Likert score)", None,
                           [list(t) for t in score_ranking(overall_means)], paragraphs=views,
                           win_rates=mean_win_rates(means)))
    return out


# What a comparison view shows for one paragraph; the payload type is shared with plug-in rankings.
ParagraphView = RankedParagraph


def paragraph_view(results: list[Judgment], paragraph: int, method: str | None = None,
                   pb: PositionBias | None = None, *, score_only: bool = False) -> RankedParagraph:
    """One paragraph's verdict by ``method`` (the first method found when None, unless ``score_only``);
    ``pb`` saves recomputing position bias when the caller walks every paragraph."""
    mine = [j for j in results if j.paragraph == paragraph]
    labels = list(dict.fromkeys([*(lab for j in mine if _kind(j, "ranking")
                                   for lab in j.data.get("presented", [])),
                                 *(j.candidate for j in mine if j.candidate)]))
    view = RankedParagraph(paragraph, labels)
    for j in mine:
        if j.status != "ok":
            view.failures.append(f"{j.unit}: {j.error}")
        elif _kind(j, "evaluation") and j.candidate:
            view.texts[j.candidate] = " ".join(s["text"] for s in j.data["spans"])
            view.overall_summary[j.candidate] = j.data["overall"]
        elif _kind(j, "scores") and j.candidate:
            view.scores[j.candidate] = {s.dimension: s.value for s in j.scores}
    here = {c: mean(v.values()) for c, v in view.scores.items() if v}
    view.score_winners = score_ranking(here)[0] if here else []
    found = [] if score_only else methods(results)
    view.method = method if method in found else (found[0] if found else None)
    if view.method is None:
        return view
    if pb is None or method != view.method:
        pb = bias_for(results, view.method)
    view.b, view.orders, view.b_max = pb.b, pb.orders, pb.b_max
    view.winners_by_order = pb.winners.get(paragraph, {})
    view.majority = pb.per_item_majority.get(paragraph, [])
    view.b_paragraph = len(set(view.winners_by_order.values())) or None
    ranked = sorted((j for j in mine if _kind(j, "ranking") and j.status == "ok"
                     and j.data.get("method") == view.method), key=lambda j: j.data["order_index"])
    # the rationale of an order whose winner is the majority choice explains the verdict shown
    pick = next((j for j in ranked if j.data["best"] in view.majority), ranked[0] if ranked else None)
    if pick is not None:
        view.rationale = pick.data.get("rationale_labelled") or pick.data.get("rationale", "")
    return view
