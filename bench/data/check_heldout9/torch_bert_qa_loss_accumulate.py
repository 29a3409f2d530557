# -*- coding: utf-8 -*-
"""Extractive question answering on Chinese passages with a BERT reader."""

import json
import numpy as np
import random
import torch
from torch.utils.data import DataLoader, Dataset
from transformers import AdamW, BertForQuestionAnswering, BertTokenizerFast, get_linear_schedule_with_warmup

from tqdm.auto import tqdm

compute_device = "cuda:0" if torch.cuda.is_available() else "cpu"

# make every random source deterministic
def fix_all_seeds(seed_value):
    torch.manual_seed(seed_value)
    if torch.cuda.is_available():
        torch.cuda.manual_seed(seed_value)
        torch.cuda.manual_seed_all(seed_value)
    np.random.seed(seed_value)
    random.seed(seed_value)
    torch.backends.cudnn.benchmark = False
    torch.backends.cudnn.deterministic = True
fix_all_seeds(0)

use_half_precision = False

if use_half_precision:
    from accelerate import Accelerator
    hf_accelerator = Accelerator(fp16=True)
    compute_device = hf_accelerator.device

qa_model = BertForQuestionAnswering.from_pretrained("hfl/chinese-roberta-wwm-ext-large").to(compute_device)
tok_fast = BertTokenizerFast.from_pretrained("hfl/chinese-roberta-wwm-ext-large")

"""## Load the json splits"""

def load_split_data(json_file):
    with open(json_file, 'r', encoding="utf-8") as fh:
        data_in = json.load(fh)
    return data_in["questions"], data_in["paragraphs"]

train_qs, train_passages = load_split_data("hw7_train.json")
dev_qs, dev_passages = load_split_data("hw7_dev.json")
test_qs, test_passages = load_split_data("hw7_test.json")

"""## Turn questions and passages into token ids"""

train_qs_tok = tok_fast([tq["question_text"] for tq in train_qs], add_special_tokens=False)
dev_qs_tok = tok_fast([dq["question_text"] for dq in dev_qs], add_special_tokens=False)
test_qs_tok = tok_fast([test_q["question_text"] for test_q in test_qs], add_special_tokens=False)

train_passages_tok = tok_fast(train_passages, add_special_tokens=False)
dev_passages_tok = tok_fast(dev_passages, add_special_tokens=False)
test_passages_tok = tok_fast(test_passages, add_special_tokens=False)

"""## Dataset wrapper and loaders"""

class ReadingCompDataset(Dataset):
    def __init__(self, part, qs, qs_tok, passages_tok):
        self.part = part
        self.qs = qs
        self.qs_tok = qs_tok
        self.passages_tok = passages_tok
        self.q_max_len = 207
        self.p_max_len = 300

        self.window_stride = 177

        self.seq_cap = 1 + self.q_max_len + 1 + self.p_max_len + 1

    def __len__(self):
        return len(self.qs)

    def __getitem__(self, index_):
        q = self.qs[index_]
        q_tok = self.qs_tok[index_]
        p_tok = self.passages_tok[q["paragraph_id"]]

        if self.part == "train":
            ans_start_tok = p_tok.char_to_token(q["answer_start"])
            ans_end_tok = p_tok.char_to_token(q["answer_end"])

            span_len = (ans_end_tok - ans_start_tok) + 1
            win_start = max(0, min(ans_start_tok - random.randint(0, self.p_max_len - span_len), len(p_tok) - self.p_max_len))
            win_end = win_start + self.p_max_len

            q_ids = [101] + q_tok.ids[:self.q_max_len] + [102]
            p_ids = p_tok.ids[win_start : win_end] + [102]

            ans_start_tok += len(q_ids) - win_start
            ans_end_tok += len(q_ids) - win_start

            ids_all, seg_ids, attn_mask = self.pad_pair(q_ids, p_ids)
            return torch.tensor(ids_all), torch.tensor(seg_ids), torch.tensor(attn_mask), ans_start_tok, ans_end_tok

        # dev/test: slide a window over the whole passage
        else:
            ids_rows, seg_rows, attn_mask_rows = [], [], []
            win_starts = []
            for i in range(0, len(p_tok), self.window_stride):
                q_ids = [101] + q_tok.ids[:self.q_max_len] + [102]
                p_ids = p_tok.ids[i : i + self.p_max_len] + [102]
                ids_all, seg_ids, attn_mask = self.pad_pair(q_ids, p_ids)
                ids_rows.append(ids_all)
                seg_rows.append(seg_ids)
                attn_mask_rows.append(attn_mask)
                win_starts.append(i)

            return torch.tensor(ids_rows), torch.tensor(seg_rows), torch.tensor(attn_mask_rows), win_starts, q["paragraph_id"]

    def pad_pair(self, q_ids, p_ids):
        pad_count = self.seq_cap - len(q_ids) - len(p_ids)
        ids_all = q_ids + p_ids + [0] * pad_count
        seg_ids = [0] * len(q_ids) + [1] * len(p_ids) + [0] * pad_count
        attn_mask = [1] * (len(q_ids) + len(p_ids)) + [0] * pad_count

        return ids_all, seg_ids, attn_mask

train_dataset = ReadingCompDataset("train", train_qs, train_qs_tok, train_passages_tok)
dev_dataset = ReadingCompDataset("dev", dev_qs, dev_qs_tok, dev_passages_tok)
test_dataset = ReadingCompDataset("test", test_qs, test_qs_tok, test_passages_tok)

train_batch_n = 2

loader_train = DataLoader(train_dataset, batch_size=train_batch_n, shuffle=True, pin_memory=True)
loader_dev = DataLoader(dev_dataset, batch_size=1, shuffle=False, pin_memory=True)
loader_test = DataLoader(test_dataset, batch_size=1, shuffle=False, pin_memory=True)

"""## Pick the best span among the windows"""

def eval_span(data_in, out, passage, passage_tok):
    best_text = ''
    best_score = float('-inf')
    n_windows = data_in[0].shape[1]

    for k in range(n_windows):
        s_score, s_idx = torch.max(out.start_logits[k], dim=0)
        e_score, e_idx = torch.max(out.end_logits[k], dim=0)
        if e_idx < s_idx:
            continue

        score = s_score + e_score

        if score > best_score:
            best_score = score
            best_text = tok_fast.decode(data_in[0][0][k][s_idx: e_idx + 1])
            best_text = best_text.replace(" ", "")
            best_text = best_text.replace("[PAD]", "")
            best_text = best_text.replace("[SEP]", "")

    return best_text

"""## Fine-tuning loop"""

epoch_total = 0
do_validation = True
log_every = 1000
accum_every = 32
warmup_n = 5000
total_train_steps = len(loader_train.dataset) * epoch_total / train_batch_n
lr_value = 5e-5
adam_optimizer = AdamW(qa_model.parameters(), lr=lr_value, correct_bias=False, betas=(0.9, 0.98))
lr_sched = get_linear_schedule_with_warmup(adam_optimizer, num_warmup_steps=warmup_n, num_training_steps=total_train_steps)

if use_half_precision:
    qa_model, adam_optimizer, loader_train = hf_accelerator.prepare(qa_model, adam_optimizer, loader_train)

try:
    print(f"Trying to restore the saved checkpoint")
    qa_model.load_state_dict(torch.load("model.ckpt", map_location=compute_device))
except:
    print("no checkpoint restored")
qa_model.train()

print("Fine-tuning begins")

for epoch_i in range(epoch_total):
    step_n = 1
    train_loss_sum = train_hits = 0

    for data_in in tqdm(loader_train):
        # move every tensor of the batch to the device
        data_in = [i.to(compute_device) for i in data_in]

        out = qa_model(input_ids=data_in[0], token_type_ids=data_in[1], attention_mask=data_in[2], start_positions=data_in[3], end_positions=data_in[4])

        s_idx = torch.argmax(out.start_logits, dim=1)
        e_idx = torch.argmax(out.end_logits, dim=1)

        # a hit needs both the start and the end position right
        train_hits += ((s_idx == data_in[3]) & (e_idx == data_in[4])).float().mean()
        train_loss_sum += out.loss

        if use_half_precision:
            hf_accelerator.backward(out.loss)
        else:
            out.loss = out.loss / accum_every
            out.loss.backward()

        if step_n % accum_every == 0:
            adam_optimizer.step()
            adam_optimizer.zero_grad()
            lr_sched.step()
        step_n += 1

        if step_n % log_every == 0:
            print(f"ep {epoch_i + 1}, step {step_n}: mean loss {train_loss_sum.item() / log_every:.3f}, hit rate {train_hits / log_every:.3f}")
            train_loss_sum = train_hits = 0

    if do_validation:
        print("Scoring the dev split")
        qa_model.eval()
        with torch.no_grad():
            dev_hits = 0
            for i, data_in in enumerate(tqdm(loader_dev)):
                out = qa_model(input_ids=data_in[0].squeeze(dim=0).to(compute_device), token_type_ids=data_in[1].squeeze(dim=0).to(compute_device),
                       attention_mask=data_in[2].squeeze(dim=0).to(compute_device))
                dev_hits += eval_span(data_in, out, dev_passages[data_in[-1]], dev_passages_tok[data_in[-1]]) == dev_qs[i]["answer_text"]
            print(f"dev after ep {epoch_i + 1}: exact match {dev_hits / len(loader_dev):.3f}")
            torch.save(qa_model.state_dict(), f"./valid.{epoch_i + 1}.ckpt")
            torch.save(qa_model.state_dict(), f"./model.ckpt")
        qa_model.train()

print("Writing the fine-tuned weights")
save_dir = "saved_model"
qa_model.save_pretrained(save_dir)

"""## Predict on the test split"""

print("Predicting answers for the test split")

preds = []

qa_model.eval()
with torch.no_grad():
    for data_in in tqdm(loader_test):
        out = qa_model(input_ids=data_in[0].squeeze(dim=0).to(compute_device), token_type_ids=data_in[1].squeeze(dim=0).to(compute_device),
                       attention_mask=data_in[2].squeeze(dim=0).to(compute_device))
        preds.append(eval_span(data_in, out, test_passages[data_in[-1].item()], test_passages_tok[data_in[-1].item()]))

preds_file = "result.csv"
with open(preds_file, 'w') as out_f:
    out_f.write("ID,Answer\n")
    for i, test_q in enumerate(test_qs):
        out_f.write(f"{test_q['id']},{preds[i].replace(',','')}\n")

print(f"Answers written to {preds_file}")
