# local helpers
from DataLoad import make_loaders
import torch
import argparse
import time
import os
from transformers import  AutoModelForSequenceClassification
from torch.optim import AdamW
from transformers import get_linear_schedule_with_warmup
from datasets import load_dataset
from torch.utils.data import DataLoader
import torch.cuda.amp as amp
# pick a device
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def count_hits(logits, gold):
    # number of argmax matches
    best = torch.argmax(logits, dim=-1)
    hits = (best == gold).sum().item()

    return hits


def run_epoch(net, tr_loader, opt, sched, rank=None, mixed=False):
    net.train()
    loss_sum = 0
    hits = 0
    seen = 0
    # optional loss scaling for fp16
    scaler = amp.GradScaler() if mixed else None
    # one pass over the loader
    for batch in tr_loader:
        if rank:
            gold = batch['labels'].cuda(rank)
            ids = batch['input_ids'].cuda(rank)
            mask = batch['attention_mask'].cuda(rank)
        else:
            gold = batch['labels'].to(dev)
            ids = batch['input_ids'].to(dev)
            mask = batch['attention_mask'].to(dev)
        # autocast branch
        if mixed:
            with amp.autocast():
                logits = net(ids, mask).logits
                loss = torch.nn.CrossEntropyLoss()(logits, gold)
            if scaler:
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            else:
                loss.backward()
                opt.step()
            # schedule and reset
            sched.step()  
            opt.zero_grad()
        else:
            # forward
            logits = net(ids, mask).logits
            # loss
            loss = torch.nn.CrossEntropyLoss()(logits, gold)
            loss.backward()
            # step
            opt.step()
            sched.step() 
            opt.zero_grad()
        # running counts
        hits += count_hits(logits, gold)
        loss_sum += loss.item()
        seen += gold.size(0)
    # epoch means
    mean_loss = loss_sum / seen
    mean_acc = hits / seen * 100.0

    return mean_loss, mean_acc


def score(net, te_loader, rank=None):
    net.eval()
    loss_sum = 0
    hit_sum = 0
    n_rows = 0
    seen = 0
    with torch.no_grad():
        for batch in te_loader:
            if rank:
                gold = batch['labels'].cuda(rank)
                ids = batch['input_ids'].cuda(rank)
                mask = batch['attention_mask'].cuda(rank) 
            else:
                gold = batch['labels'].to(dev)
                ids = batch['input_ids'].to(dev)
                mask = batch['attention_mask'].to(dev)
            # forward
            logits = net(ids, mask).logits
            loss = torch.nn.CrossEntropyLoss()(logits, gold)
            # running counts
            loss_sum += loss.item()
            hit_sum += count_hits(logits, gold)
            n_rows += gold.size(0)
            seen += gold.size(0)
    # means
    mean_loss = loss_sum / seen
    acc = (hit_sum / seen) * 100.0

    return mean_loss, acc


def run(rank=None, world_size=None, opts=None):
    top_acc = 0
    # loaders and network
    if opts.dataset == 'emotion':
        tr_loader, te_loader, tr_set, te_set = make_loaders(name=opts.dataset,
                                                                              token_name=opts.pretrained_model_name,
                                                                              train_length=3200,
                                                                              batch_size=opts.batch_size)
    else:
        tr_loader, te_loader, tr_set, te_set = make_loaders(name=opts.dataset,
                                                                              token_name=opts.pretrained_model_name,
                                                                              train_length=10000,
                                                                              batch_size=opts.batch_size)
    net = AutoModelForSequenceClassification.from_pretrained(opts.pretrained_model_name, num_labels=opts.num_classes)
    # optional DataParallel
    if opts.DP:
        gpu_ids = [i for i in range(world_size)]
        net = torch.nn.DataParallel(net, device_ids=gpu_ids)
    # onto the device
    net.to(dev)
    
    # optimiser
    opt = AdamW(net.parameters(), lr=5e-5, weight_decay=0.0001)
    n_epochs = opts.epoch
    n_steps = n_epochs * len(tr_loader)
    # ten percent warmup
    n_warm = int(0.1 * n_steps)
    # linear schedule
    sched = get_linear_schedule_with_warmup(
        opt,
        num_warmup_steps=n_warm,
        num_training_steps=n_steps
    )
    
    for ep in range(opts.epoch):
        # wall clock for the epoch
        t0 = time.time()
        # fit
        tr_loss, tr_acc = run_epoch(net, tr_loader, opt, sched, rank=rank, mixed=opts.mixed)
        t1 = time.time()
        # evaluate
        te_loss, te_acc = score(net, te_loader, rank)
        secs = t1 - t0
        # report
        print("epoch: ", (ep+1))
        print(f'\ttrain loss {tr_loss:.5f} | train acc {tr_acc:.2f}%')
        print(f'\ttest loss {te_loss:.5f} | test acc {te_acc:.2f}%')
        print(f"\t{secs:.2f} s")
        # keep the best
        if te_acc > top_acc:
            top_acc = te_acc
            torch.save(net, "./" + opts.dataset + ".pt")
    

if __name__ == "__main__":
    # visible cards
    n_gpu = torch.cuda.device_count()
    print(f"{n_gpu} GPUs visible")
    # options
    ap = argparse.ArgumentParser()
    ap.add_argument('--pretrained_model_name', type=str, default='bert-base-uncased', help='hub model id')
    ap.add_argument('--dataset', type=str, default='emotion', help='tweet_eval subset')
    ap.add_argument('--epoch', type=int, default=5, help='epochs')
    ap.add_argument('--num_classes', type=int, default=5, help='classes')
    ap.add_argument('--lr', type=int, default=2e-5, help='learning rate')
    ap.add_argument('--DP', action="store_true", help='use DataParallel')
    ap.add_argument('--mixed', action="store_true", help='use autocast')
    ap.add_argument('--batch_size', type=int, default=8, help='batch size')
    opts = ap.parse_args()
    
    # DataParallel or single device
    if opts.DP:
        run(world_size=n_gpu, opts=opts)
    else:
        run(world_size=1, opts=opts)
