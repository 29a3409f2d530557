import json
from tqdm import tqdm


def load_squad_lists(fname):
    with open(fname, "rb") as fh:
        raw = json.load(fh)

    # parallel lists of passages, questions and answers
    ctxs = []
    qs = []
    anss = []
    # walk articles, paragraphs and questions
    for article in tqdm(raw["data"]):
        for para in article["paragraphs"]:
            ctx = para["context"]
            for item in para["qas"]:
                q = item["question"]
                if "plausible_answers" in item.keys():
                    which = "plausible_answers"
                else:
                    which = "answers"
                for a in item["answers"]:
                    # one row per answer
                    ctxs.append(ctx)
                    qs.append(q)
                    anss.append(a)
    # hand back the three lists
    return ctxs, qs, anss


def fix_answer_ends(anss, ctxs):
    # visit each answer with its passage
    for a, ctx in zip(anss, ctxs):
        # the answer string
        ref = a["text"]
        # start is given
        s = a["answer_start"]
        # naive end
        e = s + len(ref)

        # some starts are shifted by one or two characters
        if ctx[s:e] == ref:
            # exact match
            a["answer_end"] = e
        else:
            for shift in [1, 2]:
                if ctx[s - shift : e - shift] == ref:
                    # shifted left by shift characters
                    a["answer_start"] = s - shift
                    a["answer_end"] = e - shift

    return anss, ctxs


def map_char_to_token_spans(enc, anss, tok):
    # token-level starts and ends
    s_tok = []
    e_tok = []
    for j in range(len(anss)):
        # char offset -> token index
        s_tok.append(enc.char_to_token(j, anss[j]["answer_start"]))
        e_tok.append(enc.char_to_token(j, anss[j]["answer_end"]))

        # a missing start means the span was cut off
        if s_tok[-1] is None:
            s_tok[-1] = tok.model_max_length
        # a missing end lands on whitespace; step back
        back = 1
        while e_tok[-1] is None:
            e_tok[-1] = enc.char_to_token(
                j, anss[j]["answer_end"] - back
            )
            back += 1
    # store the token spans in the encodings
    enc.update(
        {"start_positions": s_tok, "end_positions": e_tok}
    )

    return enc, anss
