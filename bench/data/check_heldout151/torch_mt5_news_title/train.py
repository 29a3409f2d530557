from argparse import ArgumentParser, Namespace

import json
import pandas as pd
import numpy as np
import torch
from pathlib import Path
from torch.utils.data import Dataset, DataLoader

from transformers import AdamW, MT5ForConditionalGeneration, T5Tokenizer, set_seed, get_linear_schedule_with_warmup
from tqdm.auto import tqdm

from utils import *
from dataset import HeadlineDataset

from tw_rouge import get_rouge
import csv

import os
os.environ["CUDA_VISIBLE_DEVICES"] = "0"

def run_train_epoch(ep, opts, net, loader, opt, sched, dev):
    net.train()
    
    running = 0.0
    logged = []
        
    for it, mb in enumerate(tqdm(loader)):	           
        # tensors go to the device one batch at a time
        # mb = [t.to(dev) for t in mb]
        
        loss = net(mb["input_ids"].to(dev), 
                    attention_mask=mb["attention_mask"].to(dev), 
                    labels=mb["labels"].to(dev), 
                    decoder_attention_mask=mb["labels_attention_mask"].to(dev)).loss

        loss /= opts.accu_grad
        loss.backward()
        running += loss.item()

        if ((it + 1) % opts.accu_grad == 0) or (it + 1 == len(loader)):
            opt.step()
            opt.zero_grad()
            for _ in range(opts.accu_grad):
                sched.step()

        # report the mean loss of the last window
        if (it + 1) % opts.logging_step == 0:
            print(f"ep {ep + 1} | it {it + 1} | mean loss = {running / opts.logging_step:.3f}")
            logged.append(running / opts.logging_step)
            running = 0.0
    
    return logged

def run_dev_epoch(ep, opts, net, loader, tok, dev):
    net.eval()
    dev_running = 0.0
    refs = []
    hyps = []
    with torch.no_grad():
        for mb in tqdm(loader):
            out_ids = net.generate(
                mb["input_ids"].to(dev),
                attention_mask=mb["attention_mask"].to(dev), 
                max_length=opts.title_max_len,
                num_beams=5,
                repetition_penalty=2.5,
                early_stopping=True
            )
            texts = tok.batch_decode( out_ids, skip_special_tokens=True, clean_up_tokenization_spaces=True)
            hyp = list(map(lambda s:s.strip(),texts))
            hyps.extend(hyp)
            refs.extend(mb["title"])
    return refs, hyps 

def store_checkpoint(opts, net, opt, sched):
    # write weights, config and optimizer/scheduler states
    # the folder ends up with the weights file and config.json
    # reload later with from_pretrained on that folder
    print("writing checkpoint ...")
    net.save_pretrained(opts.ckpt_dir / "model")
    torch.save(opt.state_dict(), opts.ckpt_dir / "optimizer.pt")
    torch.save(sched.state_dict(), opts.ckpt_dir / "scheduler.pt") 

def main(opts):
    set_seed(opts.seed)
    # read the jsonl splits
    paths = {TRAIN: opts.train_file_path, DEV: opts.dev_file_path}
    records = {sp: load_jsonl(paths[sp], FIELDS) for sp in SPLITS}
    
    # tokenizer
    tok = T5Tokenizer.from_pretrained(opts.model_path)
    
    # datasets and loaders
    dsets = {
        sp: HeadlineDataset(records[sp], tok, opts.title_max_len, opts.maintext_max_len) 
        for sp in SPLITS
        }
    tr_loader = DataLoader(dsets[TRAIN], batch_size=opts.batch_size, shuffle=True, pin_memory=True)
    va_loader = DataLoader(dsets[DEV], batch_size=opts.batch_size, shuffle=False, pin_memory=True)

    # model
    net = MT5ForConditionalGeneration.from_pretrained(opts.model_path).to(device=opts.device)
    # optimizer
    opt = AdamW(net.parameters(), lr=opts.lr, correct_bias=False)
    # linear warmup
    # schedule
    n_steps = len(tr_loader) * opts.num_epoch
    n_warm = int(n_steps * opts.warmup_ratio)
    sched = get_linear_schedule_with_warmup(opt, num_warmup_steps= n_warm, num_training_steps=n_steps) 

    all_losses = []
    rouge_hist = []
    best_rl = 0.0
    for ep in range(opts.num_epoch):
        # fit
        ep_losses = run_train_epoch(ep, opts, net, tr_loader, opt, sched, opts.device)
        all_losses.extend(ep_losses)
        # validate
        refs, hyps = run_dev_epoch(ep, opts, net, va_loader, tok, opts.device)
        scores = get_rouge(hyps, refs)
        
        print(scores)
        with open(opts.log_dir / f"valid_{ep}.json", "w") as fh:
            json.dump(scores, fh, indent = 4)
        
        rouge_hist.append(scores["rouge-l"]["f"])
        
        if scores["rouge-l"]["f"] >= best_rl: 
            best_rl = scores["rouge-l"]["f"]
            store_checkpoint(opts, net, opt, sched)

    if opts.make_csv:
        with open(opts.log_dir / "loss_f.csv","a+") as fh:
            w = csv.writer(fh)
            w.writerow(all_losses)
            w.writerow(rouge_hist)

    
            
def get_opts() -> Namespace:
    ap = ArgumentParser()
    ap.add_argument("--maintext_max_len", type=int, default=2048)
    ap.add_argument("--title_max_len", type=int, default=64)
    
    ap.add_argument("--model_path", type=str, default="google/mt5-small")
    ap.add_argument("--experiment_number", type=int, default=0)
    # optimizer
    ap.add_argument("--lr", type=float, default=3e-5)

    # training
    ap.add_argument("--batch_size", type=int, default=4)
    ap.add_argument("--accu_grad", type=int, default=4)
    ap.add_argument("--logging_step", type=int, default=500)
    ap.add_argument("--warmup_ratio", type=float, default=0.1)
    ap.add_argument("--num_workers", type=int, default=2)
    ap.add_argument("--num_epoch", type=int, default=5)

    # half precision switch (unused below)
    ap.add_argument("--fp16_training", action="store_true")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--make_csv", action="store_true", help="write losses and rouge to csv.")

    ap.add_argument(
        "--ckpt_dir",
        type=Path,
        help="where checkpoints go.",
        default="./ckpt/",
    )
    ap.add_argument(
        "--log_dir",
        type=Path,
        help="where logs go.",
        default="./log/",
    )
    ap.add_argument(
        "--train_file_path",
        type=Path,
        help="training jsonl.",
        default="./data/train.jsonl",
    )
    ap.add_argument(
        "--dev_file_path",
        type=Path,
        default="./data/public.jsonl",
    )

    # used by the grading script
    ap.add_argument(
        "--test_file_path",
        type=Path,
        default="./data/public.jsonl",
    )
    ap.add_argument(
        "--output_file_path",
        type=Path,
        default="./generate.jsonl",
    )

    opts = ap.parse_args()
    return opts



if __name__ == "__main__":
    opts = get_opts()
    opts.device = "cuda" if torch.cuda.is_available() else "cpu"
    print(f"running on: {opts.device}")

    opts.ckpt_dir.mkdir(parents=True, exist_ok=True)
    opts.ckpt_dir = opts.ckpt_dir / str(opts.experiment_number)
    opts.ckpt_dir.mkdir(parents=True, exist_ok=True)

    opts.log_dir.mkdir(parents=True, exist_ok=True)
    opts.log_dir = opts.log_dir / str(opts.experiment_number)
    opts.log_dir.mkdir(parents=True, exist_ok=True)

    main(opts)
