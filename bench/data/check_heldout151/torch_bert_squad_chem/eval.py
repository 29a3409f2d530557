from torch.utils.data import DataLoader
import torch
from tqdm import tqdm
import numpy as np
from load_encode_data import load_squad_lists, fix_answer_ends, map_char_to_token_spans
from transformers import BertTokenizerFast
from data_set import SpanQADataset
from transformers import BertForQuestionAnswering


def score_span_model(net, va_set, dev):
    net.to(dev)

    def skip_bad_collate(items):
        n_in = len(items)
        items = list(filter(lambda z: z is not None, items))

        if n_in > len(items):
            n_all = len(va_set)
            missing = n_in - len(items)
            while missing != 0:
                extra = va_set[np.random.randint(0, n_all)]
                if extra is None:
                    continue
                items.append(extra)
                missing -= 1

        return torch.utils.data.dataloader.default_collate(items)

    # inference mode
    net.eval()

    # plain sequential loader
    va_loader = DataLoader(va_set, batch_size=16, collate_fn=skip_bad_collate)

    hits = []

    # progress bar
    bar = tqdm(va_loader)
    # batches
    for mb in bar:
        # no graph needed here
        with torch.no_grad():
            # move the batch fields
            ids = mb["input_ids"].to(dev)
            mask = mb["attention_mask"].to(dev)
            s_gold = mb["start_positions"].to(dev)
            e_gold = mb["end_positions"].to(dev)
            # predict spans
            out = net(ids, attention_mask=mask)
            # argmax positions
            s_hat = torch.argmax(out["start_logits"], dim=1)
            e_hat = torch.argmax(out["end_logits"], dim=1)
            # batch accuracies as floats
            hits.append(((s_hat == s_gold).sum() / len(s_hat)).item())
            hits.append(((e_hat == e_gold).sum() / len(e_hat)).item())
    # mean accuracy
    hits = sum(hits) / len(hits)
    print(f"mean span acc. {hits}")
    return s_hat, e_hat, s_gold, e_gold


if __name__ == "__main__":
    for r in range(9):
        ckpt_name = f"./chemical-bert-uncased-squad_{r}"

        ## read the json splits
        tr_ctx, tr_q, tr_ans = load_squad_lists(
            "data/squad/train-v2.0.json"
        )
        va_ctx, va_q, va_ans = load_squad_lists(
            "data/squad/dev-v2.0.json"
        )

        ## compute the character end of every answer
        tr_ans, tr_ctx = fix_answer_ends(tr_ans, tr_ctx)
        va_ans, va_ctx = fix_answer_ends(va_ans, va_ctx)

        tok = BertTokenizerFast.from_pretrained(ckpt_name)

        ## tokenize every pair up front
        tr_enc = tok(
            tr_ctx,
            tr_q,
            truncation=True,
            padding=True,
            max_length=512,
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

        # pick the device
        dev = (
            torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
        )

        net = BertForQuestionAnswering.from_pretrained(ckpt_name)

        ## score on the dev split
        s_hat, e_hat, s_gold, e_gold = score_span_model(
            net, va_set, dev
        )

        """print("kind\tstart\tend\n")
        for k in range(len(s_gold)):
            print(
                f"gold\t{s_gold[k]}\t{e_gold[k]}\n"
                f"hat\t{s_hat[k]}\t{e_hat[k]}\n"
            )"""
