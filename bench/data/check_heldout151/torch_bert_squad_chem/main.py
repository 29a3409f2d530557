from load_encode_data import load_squad_lists, fix_answer_ends, map_char_to_token_spans
from transformers import BertTokenizerFast
from data_set import SpanQADataset
from train import fit_span_model
from eval import score_span_model

if __name__ == "__main__":
    ckpt_name = "shahrukhx01/chemical-bert-uncased-squad2"

    ## read the json splits
    tr_ctx, tr_q, tr_ans = load_squad_lists(
        "data/squad/train-v2.0.json"
    )
    va_ctx, va_q, va_ans = load_squad_lists("data/squad/dev-v2.0.json")

    ## compute the character end of every answer
    tr_ans, tr_ctx = fix_answer_ends(tr_ans, tr_ctx)
    va_ans, va_ctx = fix_answer_ends(va_ans, va_ctx)

    tok = BertTokenizerFast.from_pretrained(ckpt_name)

    ## tokenize every pair up front
    tr_enc = tok(
        tr_ctx, tr_q, truncation=True, padding=True, max_length=512
    )
    va_enc = tok(
        va_ctx, va_q, truncation=True, padding=True, max_length=512
    )

    # turn char offsets into token offsets
    tr_enc, tr_ans = map_char_to_token_spans(
        tr_enc, tr_ans, tok
    )
    va_enc, va_ans = map_char_to_token_spans(
        va_enc, va_ans, tok
    )

    ## wrap the encodings for the loaders
    tr_set = SpanQADataset(tr_enc)
    va_set = SpanQADataset(va_enc)

    ## fine-tune
    net, dev = fit_span_model(
        tr_set,
        tok,
        pretrained_model_name=ckpt_name,
        save_model_name="chemical-bert-uncased-squad",
    )
    ## score on the dev split
    s_hat, e_hat, s_gold, e_gold = score_span_model(
        net, va_set, dev
    )

    print("kind\tstart\tend\n")
    for k in range(len(s_gold)):
        print(
            f"gold\t{s_gold[k]}\t{e_gold[k]}\n"
            f"hat\t{s_hat[k]}\t{e_hat[k]}\n"
        )
