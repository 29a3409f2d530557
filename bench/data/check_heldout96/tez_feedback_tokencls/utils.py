import copy
import os

import numpy as np
import pandas as pd
import torch
from joblib import Parallel, delayed
from tez import enums
from tez.callbacks import Callback
from tqdm import tqdm

tag_to_idx = {
    "B-Lead": 0,
    "I-Lead": 1,
    "B-Position": 2,
    "I-Position": 3,
    "B-Evidence": 4,
    "I-Evidence": 5,
    "B-Claim": 6,
    "I-Claim": 7,
    "B-Concluding Statement": 8,
    "I-Concluding Statement": 9,
    "B-Counterclaim": 10,
    "I-Counterclaim": 11,
    "B-Rebuttal": 12,
    "I-Rebuttal": 13,
    "O": 14,
    "PAD": -100,
}


idx_to_tag = {v: k for k, v in tag_to_idx.items()}


def _encode_essays_chunk(args, tokenizer, df, essay_ids):
    encoded = []
    for idx in tqdm(essay_ids):
        txt_path = os.path.join(args.input, "train", idx + ".txt")
        with open(txt_path, "r") as f:
            text = f.read()

        enc = tokenizer.encode_plus(
            text,
            add_special_tokens=False,
            return_offsets_mapping=True,
        )
        input_ids = enc["input_ids"]
        token_tags = copy.deepcopy(input_ids)
        offsets = enc["offset_mapping"]

        for k in range(len(token_tags)):
            token_tags[k] = "O"

        sample = {
            "id": idx,
            "input_ids": input_ids,
            "text": text,
            "offset_mapping": offsets,
        }

        rows_tmp = df[df["id"] == idx]
        for _, row in rows_tmp.iterrows():
            char_flags = [0] * len(text)
            span_a = int(row["discourse_start"])
            span_b = int(row["discourse_end"])
            span_type = row["discourse_type"]
            char_flags[span_a:span_b] = [1] * (span_b - span_a)
            hit_tokens = []
            for tok_i, (o_a, o_b) in enumerate(enc["offset_mapping"]):
                if sum(char_flags[o_a:o_b]) > 0:
                    if len(text[o_a:o_b].split()) > 0:
                        hit_tokens.append(tok_i)

            first_tok = hit_tokens[0]
            last_tok = hit_tokens[-1]
            begin_tag = "B-" + span_type
            inside_tag = "I-" + span_type
            token_tags[first_tok] = begin_tag
            token_tags[first_tok + 1 : last_tok + 1] = [inside_tag] * (last_tok - first_tok)

        sample["input_ids"] = input_ids
        sample["input_labels"] = token_tags
        encoded.append(sample)
    return encoded


def encode_essays(df, tokenizer, args, n_procs):
    encoded = []
    essay_ids = df["id"].unique()

    id_chunks = np.array_split(essay_ids, n_procs)

    results = Parallel(n_jobs=n_procs, backend="multiprocessing")(
        delayed(_encode_essays_chunk)(args, tokenizer, df, idx) for idx in id_chunks
    )
    for result in results:
        encoded.extend(result)

    return encoded


def span_overlap(row):
    """
    Fraction of shared words, measured against the true span
    and against the predicted span; both fractions decide
    whether a prediction counts as a hit.
    """
    pred_words = set(row.predictionstring_pred.split(" "))
    true_words = set(row.predictionstring_gt.split(" "))
    # sizes of both word sets and of their intersection
    n_true = len(true_words)
    n_pred = len(pred_words)
    n_common = len(true_words.intersection(pred_words))
    ov_true = n_common / n_true
    ov_pred = n_common / n_pred
    return [ov_true, ov_pred]


def f1_for_class(pred_df, gt_df):
    """
    Per-class micro F1 for the essay span-tagging task,
            following the competition's matching rules.

    Steps follow the public evaluation description:
            predictions and truths are matched by word overlap
    The logic mirrors a widely shared public notebook.
    """
    gt_df = gt_df[["id", "discourse_type", "predictionstring"]].reset_index(drop=True).copy()
    pred_df = pred_df[["id", "class", "predictionstring"]].reset_index(drop=True).copy()
    pred_df["pred_id"] = pred_df.index
    gt_df["gt_id"] = gt_df.index
    # first: compare every prediction with every truth of the same class
    merged = pred_df.merge(
        gt_df,
        left_on=["id", "class"],
        right_on=["id", "discourse_type"],
        how="outer",
        suffixes=("_pred", "_gt"),
    )
    merged["predictionstring_gt"] = merged["predictionstring_gt"].fillna(" ")
    merged["predictionstring_pred"] = merged["predictionstring_pred"].fillna(" ")

    merged["overlaps"] = merged.apply(span_overlap, axis=1)

    # second: a pair matches when both overlap ratios reach one half;
    # ties among several candidate predictions are broken
    # by keeping the one with the larger overlap,
    # and that prediction becomes a true positive.
    merged["overlap1"] = merged["overlaps"].apply(lambda x: eval(str(x))[0])
    merged["overlap2"] = merged["overlaps"].apply(lambda x: eval(str(x))[1])

    merged["potential_TP"] = (merged["overlap1"] >= 0.5) & (merged["overlap2"] >= 0.5)
    merged["max_overlap"] = merged[["overlap1", "overlap2"]].max(axis=1)
    tp_ids = (
        merged.query("potential_TP")
        .sort_values("max_overlap", ascending=False)
        .groupby(["id", "predictionstring_gt"])
        .first()["pred_id"]
        .values
    )

    # third: leftover truths are misses (FN)
    # and leftover predictions are spurious (FP).
    fp_ids = [p for p in merged["pred_id"].unique() if p not in tp_ids]

    hit_gt = merged.query("potential_TP")["gt_id"].unique()
    missed_gt = [c for c in merged["gt_id"].unique() if c not in hit_gt]

    # counts per outcome
    TP = len(tp_ids)
    FP = len(fp_ids)
    FN = len(missed_gt)
    # micro F1
    f1_val = TP / (TP + 0.5 * (FP + FN))
    return f1_val


def macro_f1(pred_df, gt_df, with_classes=False):
    per_class = {}
    pred_df = pred_df[["id", "class", "predictionstring"]].reset_index(drop=True).copy()
    for dtype_name, true_part in gt_df.groupby("discourse_type"):
        pred_part = pred_df.loc[pred_df["class"] == dtype_name].reset_index(drop=True).copy()
        class_score = f1_for_class(pred_part, true_part)
        per_class[dtype_name] = class_score
    f1 = np.mean([v for v in per_class.values()])
    if with_classes:
        return f1, per_class
    return f1


class EssayEvalDataset:
    def __init__(self, samples, max_len, tokenizer):
        self.samples = samples
        self.max_len = max_len
        self.tokenizer = tokenizer
        self.length = len(samples)

    def __len__(self):
        return self.length

    def __getitem__(self, idx):
        input_ids = self.samples[idx]["input_ids"]
        input_ids = [self.tokenizer.cls_token_id] + input_ids

        if len(input_ids) > self.max_len - 1:
            input_ids = input_ids[: self.max_len - 1]

        # close the sequence with the separator id
        input_ids = input_ids + [self.tokenizer.sep_token_id]
        attention_mask = [1] * len(input_ids)

        return {
            "ids": input_ids,
            "mask": attention_mask,
        }


class PadCollator:
    def __init__(self, tokenizer):
        self.tokenizer = tokenizer

    def __call__(self, batch):
        output = dict()
        output["ids"] = [sample["ids"] for sample in batch]
        output["mask"] = [sample["mask"] for sample in batch]

        # longest sequence inside this batch
        longest = max([len(ids) for ids in output["ids"]])

        # right- or left-pad to that length
        if self.tokenizer.padding_side == "right":
            output["ids"] = [s + (longest - len(s)) * [self.tokenizer.pad_token_id] for s in output["ids"]]
            output["mask"] = [s + (longest - len(s)) * [0] for s in output["mask"]]
        else:
            output["ids"] = [(longest - len(s)) * [self.tokenizer.pad_token_id] + s for s in output["ids"]]
            output["mask"] = [(longest - len(s)) * [0] + s for s in output["mask"]]

        # to long tensors
        output["ids"] = torch.tensor(output["ids"], dtype=torch.long)
        output["mask"] = torch.tensor(output["mask"], dtype=torch.long)

        return output


class EssayEarlyStop(Callback):
    def __init__(
        self,
        model_path,
        df_va,
        val_encoded,
        batch_size,
        tokenizer,
        patience=5,
        mode="max",
        delta=0.001,
        weights_only_flag=True,
    ):
        self.patience = patience
        self.counter = 0
        self.mode = mode
        self.best = None
        self.early_stop = False
        self.delta = delta
        self.weights_only_flag = weights_only_flag
        self.model_path = model_path
        self.val_encoded = val_encoded
        self.batch_size = batch_size
        self.df_va = df_va
        self.tokenizer = tokenizer

        if self.mode == "min":
            self.last_score = np.Inf
        else:
            self.last_score = -np.Inf

    def on_epoch_end(self, model):
        model.eval()
        valid_dataset = EssayEvalDataset(self.val_encoded, 4096, self.tokenizer)
        collate = PadCollator(self.tokenizer)

        pred_stream = model.predict(
            valid_dataset,
            batch_size=self.batch_size,
            n_jobs=-1,
            collate_fn=collate,
        )

        all_tags = []
        all_probs = []
        for preds in pred_stream:
            argmax_ids = np.argmax(preds, axis=2)
            max_probs = np.max(preds, axis=2)
            for pred, prob_row in zip(argmax_ids, max_probs):
                all_tags.append(pred.tolist())
                all_probs.append(prob_row.tolist())

        for j in range(len(self.val_encoded)):
            tt = [idx_to_tag[p] for p in all_tags[j][1:]]
            tt_score = all_probs[j][1:]
            self.val_encoded[j]["preds"] = tt
            self.val_encoded[j]["pred_scores"] = tt_score

        pred_rows = []
        min_words = {
            "Lead": 9,
            "Position": 5,
            "Evidence": 14,
            "Claim": 3,
            "Concluding Statement": 11,
            "Counterclaim": 6,
            "Rebuttal": 4,
        }
        min_prob = {
            "Lead": 0.7,
            "Position": 0.55,
            "Evidence": 0.65,
            "Claim": 0.55,
            "Concluding Statement": 0.7,
            "Counterclaim": 0.5,
            "Rebuttal": 0.55,
        }

        for _, sample in enumerate(self.val_encoded):
            preds = sample["preds"]
            offsets = sample["offset_mapping"]
            essay_id = sample["id"]
            essay_text = sample["text"]
            tok_probs = sample["pred_scores"]

            # extend predictions so they cover every offset
            if len(preds) < len(offsets):
                preds = preds + ["O"] * (len(offsets) - len(preds))
                tok_probs = tok_probs + [0] * (len(offsets) - len(tok_probs))

            idx = 0
            spans = []
            while idx < len(offsets):
                start, _ = offsets[idx]
                if preds[idx] != "O":
                    label = preds[idx][2:]
                else:
                    label = "O"
                span_probs = []
                span_probs.append(tok_probs[idx])
                idx += 1
                while idx < len(offsets):
                    if label == "O":
                        cont_tag = "O"
                    else:
                        cont_tag = f"I-{label}"
                    if preds[idx] == cont_tag:
                        _, end = offsets[idx]
                        span_probs.append(tok_probs[idx])
                        idx += 1
                    else:
                        break
                if "end" in locals():
                    phrase = essay_text[start:end]
                    spans.append((phrase, start, end, label, span_probs))

            rows_tmp = []
            for phrase_idx, (phrase, start, end, label, span_probs) in enumerate(spans):
                w0 = len(essay_text[:start].split())
                w1 = w0 + len(essay_text[start:end].split())
                w1 = min(w1, len(essay_text.split()))
                ps = " ".join([str(x) for x in range(w0, w1)])
                if label != "O":
                    if sum(span_probs) / len(span_probs) >= min_prob[label]:
                        rows_tmp.append((essay_id, label, ps))

            rows_tmp = pd.DataFrame(rows_tmp, columns=["id", "class", "predictionstring"])

            pred_rows.append(rows_tmp)

        pred_rows = pd.concat(pred_rows).reset_index(drop=True)
        pred_rows["len"] = pred_rows.predictionstring.apply(lambda x: len(x.split()))

        def drop_short(df):
            df = df.copy()
            for key, value in min_words.items():
                index = df.loc[df["class"] == key].query(f"len<{value}").index
                df.drop(index, inplace=True)
            return df

        pred_rows = drop_short(pred_rows)

        # the helper column is no longer needed
        pred_rows = pred_rows.drop(columns=["len"])

        res = macro_f1(pred_rows, self.df_va, with_classes=True)
        print(res)
        model.train()

        ep_score = res[0]
        if self.mode == "min":
            score = -1.0 * ep_score
        else:
            score = np.copy(ep_score)

        if self.best is None:
            self.best = score
            self.store_weights(ep_score, model)
        elif score < self.best + self.delta:
            self.counter += 1
            print("no improvement for {} of {} epochs".format(self.counter, self.patience))
            if self.counter >= self.patience:
                model.model_state = enums.ModelState.END
        else:
            self.best = score
            self.store_weights(ep_score, model)
            self.counter = 0

    def store_weights(self, ep_score, model):
        if ep_score not in [-np.inf, np.inf, -np.nan, np.nan]:
            print("better score ({} -> {}), writing weights".format(self.last_score, ep_score))
            model.save(self.model_path, weights_only=self.weights_only_flag)
        self.last_score = ep_score

