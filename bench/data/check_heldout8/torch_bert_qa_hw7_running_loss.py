import json
import numpy as np
import random
import torch
from torch.utils.data import DataLoader, Dataset
from transformers import AdamW, BertForQuestionAnswering, BertTokenizerFast, get_linear_schedule_with_warmup

from tqdm.auto import tqdm

dev = "cuda" if torch.cuda.is_available() else "cpu"

# make runs repeatable
def seed_everything(seed_v):
    torch.manual_seed(seed_v)
    if torch.cuda.is_available():
        torch.cuda.manual_seed(seed_v)
        torch.cuda.manual_seed_all(seed_v)
    np.random.seed(seed_v)
    random.seed(seed_v)
    torch.backends.cudnn.benchmark = False
    torch.backends.cudnn.deterministic = True
seed_everything(0)

# mixed precision through accelerate when this is True
use_fp16 = True

if use_fp16:
    from accelerate import Accelerator
    amp_accelerator = Accelerator(fp16=True)
    dev = amp_accelerator.device

bert_tok = BertTokenizerFast.from_pretrained("hfl/chinese-macbert-large")
qa_model = BertForQuestionAnswering.from_pretrained("hfl/chinese-macbert-large").to(dev)

def read_qa_file(json_path):
    with open(json_path, 'r', encoding="utf-8") as fh:
        qa_json = json.load(fh)
    return qa_json["questions"], qa_json["paragraphs"]

train_qs, train_paras = read_qa_file("hw7_train.json")
dev_qs, dev_paras = read_qa_file("hw7_dev.json")

dev_paras = [i.replace(' ','✔').replace('\u200b','✦').replace('\u200e', '☺').replace('\u3000', '☆').replace('#','●') for i in dev_paras]

# tokenise questions and paragraphs on their own
train_qs_tok = bert_tok([tq["question_text"] for tq in train_qs], add_special_tokens=False)
dev_qs_tok = bert_tok([dq["question_text"] for dq in dev_qs], add_special_tokens=False)

train_paras_tok = bert_tok(train_paras, add_special_tokens=False)
dev_paras_tok = bert_tok(dev_paras, add_special_tokens=False)

class SpanQADataset(Dataset):
    def __init__(self, split_name, qs, qs_tok, paras_tok):
        self.split_name = split_name
        self.qs = qs
        self.qs_tok = qs_tok
        self.paras_tok = paras_tok
        self.max_q_len = 40
        self.max_p_len = 350
        self.stride_len = 300
        # room for [CLS] q [SEP] p [SEP]
        self.max_len = 1 + self.max_q_len + 1 + self.max_p_len + 1

    def __len__(self):
        return len(self.qs)

    def __getitem__(self, item_i):
        q = self.qs[item_i]
        q_tok = self.qs_tok[item_i]
        para_tok = self.paras_tok[q["paragraph_id"]]

        if self.split_name == "train":
            # map the answer character span to token positions
            ans_start_tok = para_tok.char_to_token(q["answer_start"])
            ans_end_tok = para_tok.char_to_token(q["answer_end"])

            # one window around the answer, its centre jittered
            centre = int((ans_start_tok + ans_end_tok) // (2+random.uniform(-1,1)))
            win_start = max(0, min(centre - self.max_p_len // 2, len(para_tok) - self.max_p_len))
            win_end = win_start + self.max_p_len

            # cut both parts and add [CLS]=101 / [SEP]=102
            q_ids = [101] + q_tok.ids[:self.max_q_len] + [102]
            p_ids = para_tok.ids[win_start : win_end] + [102]

            ans_start_tok += len(q_ids) - win_start
            ans_end_tok += len(q_ids) - win_start

            ids_seq, seg_ids, att_mask = self.pad_pair(q_ids, p_ids)
            return torch.tensor(ids_seq), torch.tensor(seg_ids), torch.tensor(att_mask), ans_start_tok, ans_end_tok

        # dev/test: every window over the paragraph
        else:
            ids_windows, seg_windows, mask_windows = [], [], []
            for i in range(0, len(para_tok), self.stride_len):
                q_ids = [101] + q_tok.ids[:self.max_q_len] + [102]
                p_ids = para_tok.ids[i : i + self.max_p_len] + [102]
                ids_seq, seg_ids, att_mask = self.pad_pair(q_ids, p_ids)
                ids_windows.append(ids_seq)
                seg_windows.append(seg_ids)
                mask_windows.append(att_mask)
            return torch.tensor(ids_windows), torch.tensor(seg_windows), torch.tensor(mask_windows)

    def pad_pair(self, q_ids, p_ids):
        n_pad = self.max_len - len(q_ids) - len(p_ids)
        ids_seq = q_ids + p_ids + [0] * n_pad
        seg_ids = [0] * len(q_ids) + [1] * len(p_ids) + [0] * n_pad
        att_mask = [1] * (len(q_ids) + len(p_ids)) + [0] * n_pad
        return ids_seq, seg_ids, att_mask

train_qa_set = SpanQADataset("train", train_qs, train_qs_tok, train_paras_tok)
dev_qa_set = SpanQADataset("dev", dev_qs, dev_qs_tok, dev_paras_tok)

train_batch_n = 8

# dev batches must stay at one question each
loader_train = DataLoader(train_qa_set, batch_size=train_batch_n, shuffle=True, pin_memory=True)
loader_dev = DataLoader(dev_qa_set, batch_size=1, shuffle=False, pin_memory=True)

def eval_window_answer(batch_data, model_out, stride_len=150):
    ans_text = ''
    best_prob = float('-inf')
    n_windows = batch_data[0].shape[1]
    for w in range(n_windows):
        tok_mask = batch_data[1][0][w].bool() &  batch_data[2][0][w].bool() # paragraph tokens that are real (not padding)
        start_logits_m = torch.masked_select(model_out.start_logits[w], tok_mask)[:-1] # drop the final [SEP]
        p_start, i_start = torch.max(start_logits_m, dim=0)
        end_logits_m = torch.masked_select(model_out.end_logits[w], tok_mask)[i_start:-1] # drop the final [SEP]
        p_end, i_end = torch.max(end_logits_m, dim=0)
        i_end += i_start
        p_span = p_start + p_end
        ids_masked = torch.masked_select(batch_data[0][0][w], tok_mask)[:-1] # drop the final [SEP]
        if (p_span > best_prob) and (i_end - i_start <= 30) and (i_end > i_start):
            best_prob = p_span
            ans_text = bert_tok.decode(ids_masked[i_start : i_end + 1])
            ans_text = ans_text.replace('✔', ' ').replace('✦','\u200b').replace('☺','\u200e').replace('☆','\u3000').replace('●','#').replace(' ','')
    return ans_text

epoch_total = 3
run_validation = True
log_every = 100
lr_val = 1e-5
stride_len = 300

adamw_optimizer = AdamW(qa_model.parameters(), lr=lr_val)

if use_fp16:
    qa_model, adamw_optimizer, loader_train = amp_accelerator.prepare(qa_model, adamw_optimizer, loader_train)

# scheduler length
n_steps = len(loader_train) * epoch_total
lr_sched = get_linear_schedule_with_warmup(adamw_optimizer, num_warmup_steps= 0, num_training_steps=n_steps)

qa_model.train()

print("training begins")

for ep in range(epoch_total):
    step_n = 1
    train_loss_sum = train_acc_sum = 0

    for item_i, batch_data in enumerate(tqdm(loader_train)):
        # move the batch to the device
        batch_data = [i.to(dev) for i in batch_data]

        model_out = qa_model(input_ids=batch_data[0], token_type_ids=batch_data[1], attention_mask=batch_data[2], start_positions=batch_data[3], end_positions=batch_data[4])

        # argmax start and end
        i_start = torch.argmax(model_out.start_logits, dim=1)
        i_end = torch.argmax(model_out.end_logits, dim=1)

        # a hit needs both ends right
        train_acc_sum += ((i_start == batch_data[3]) & (i_end == batch_data[4])).float().mean()
        train_loss_sum += model_out.loss

        if use_fp16:
            amp_accelerator.backward(model_out.loss)
        else:
            model_out.loss.backward()

        adamw_optimizer.step()
        lr_sched.step()
        adamw_optimizer.zero_grad()

        step_n += 1

        # report means over the last log_every steps
        if step_n % log_every == 0:
            print(f"epoch {ep + 1}, step {step_n}: mean loss {train_loss_sum.item() / log_every:.3f}, mean acc {train_acc_sum / log_every:.3f}")
            train_loss_sum = train_acc_sum = 0

    if run_validation:
        print("scoring the dev questions")
        qa_model.eval()
        with torch.no_grad():
            dev_hits = 0
            for i, batch_data in enumerate(tqdm(loader_dev)):
                model_out = qa_model(input_ids=batch_data[0].squeeze(dim=0).to(dev), token_type_ids=batch_data[1].squeeze(dim=0).to(dev),
                       attention_mask=batch_data[2].squeeze(dim=0).to(dev))
                # exact text match counts as a hit
                dev_hits += eval_window_answer(batch_data, model_out, stride_len) == dev_qs[i]["answer_text"]
            print(f"dev accuracy after epoch {ep + 1}: {dev_hits / len(loader_dev):.3f}")
        qa_model.train()

print("writing the fine-tuned model")
save_dir = "saved_model/macbert4"
qa_model.save_pretrained(save_dir)
