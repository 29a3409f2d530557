"""
Caption model 1: plain CNN encoder + six-layer vanilla RNN decoder (training)
"""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torch.nn.utils import clip_grad_norm_
import sys
import os
from pathlib import Path

# make the repository root importable
REPO_DIR = Path(__file__).parent.parent
sys.path.insert(0, str(REPO_DIR))
os.chdir(REPO_DIR)  # run from the repository root

from models.model1_regular_cnn_6layer_rnn import FashionCaptionModel, load_vocab
from utils.dataset import CaptionFeatureSet, make_loader
from utils.data_loader import load_and_validate_dataset
from utils.text_processor import build_vocab_and_process


def run_one_epoch(net, loader, loss_fn, opt, dev, clip=1.0):
    """one pass over the training loader"""
    net.train()
    loss_sum = 0.0
    n_steps = 0
    
    for step, batch in enumerate(loader):
        # to device
        grid_feat = batch['local_feat'].to(dev)  # (batch, 2048, 7, 7)
        tokens = batch['caption'].to(dev)  # (batch, max_len)
        
        # forward
        logits = net(grid_feat, tokens)  # (batch, seq_len-1, vocab_size)
        
        # targets drop the leading <START> token
        gold = tokens[:, 1:]  # (batch, seq_len-1)
        
        # flatten for cross entropy
        # logits: (batch, seq_len-1, vocab) -> (batch*(seq_len-1), vocab)
        # gold: (batch, seq_len-1) -> (batch*(seq_len-1),)
        loss = loss_fn(logits.reshape(-1, logits.size(-1)), gold.reshape(-1))
        
        # backward
        opt.zero_grad()
        loss.backward()
        
        # clip gradients (deep RNN stacks explode easily)
        clip_grad_norm_(net.parameters(), max_norm=clip)
        
        opt.step()
        
        loss_sum += loss.item()
        n_steps += 1
        
        # progress
        if (step + 1) % 100 == 0:
            print(f"  step {step + 1}/{len(loader)}, loss: {loss.item():.4f}")
    
    mean_loss = loss_sum / n_steps
    return mean_loss


def main():
    """entry point"""
    print("="*60)
    print("Training caption model 1: CNN encoder + 6-layer RNN decoder")
    print("="*60)
    
    # paths and hyper-parameters (relative to the repository root)
    vocab_path = REPO_DIR / "dataset" / "vocab.json"
    train_feat_path = REPO_DIR / "dataset" / "features" / "train_features.npz"
    val_feat_path = REPO_DIR / "dataset" / "features" / "val_features.npz"
    bs = 8
    n_epochs = 10
    lr = 1e-4
    clip = 1.0  # gradient clipping
    max_len = 20
    
    # device
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    print(f"\ndevice: {dev}")
    
    # vocabulary
    print("\nreading vocabulary...")
    vocab = load_vocab(str(vocab_path))
    n_vocab = vocab['vocab_size']
    print(f"vocabulary size: {n_vocab}")
    
    # splits and token sequences
    print("\nreading splits...")
    tr_items, va_items, te_items = load_and_validate_dataset(
        captions_file=str(REPO_DIR / "dataset" / "captions.json"),
        images_dir=str(REPO_DIR / "dataset" / "images"),
        random_seed=42
    )
    
    # tokenise unless a cached file exists
    seq_cache = REPO_DIR / "run" / "text_sequences.pt"
    if seq_cache.exists():
        print(f"\nusing cached sequences: {seq_cache}")
        cached = torch.load(str(seq_cache))
        tr_seqs = cached['train_sequences']
        va_seqs = cached['val_sequences']
    else:
        print("\ntokenising captions...")
        _, tr_seqs, va_seqs, _ = build_vocab_and_process(
            train_data=tr_items,
            val_data=va_items,
            test_data=te_items,
            max_len=max_len,
            min_freq=3
        )
    
    # datasets and loaders
    print("\nbuilding loaders...")
    tr_set = CaptionFeatureSet(str(train_feat_path), tr_seqs)
    va_set = CaptionFeatureSet(str(val_feat_path), va_seqs)
    
    tr_loader = make_loader(
        dataset=tr_set,
        batch_size=bs,
        shuffle=True,
        num_workers=0,  # 0 on Windows
        pin_memory=False
    )
    
    va_loader = make_loader(
        dataset=va_set,
        batch_size=bs,
        shuffle=False,
        num_workers=0,
        pin_memory=False
    )
    
    # model
    print("\nbuilding model...")
    net = FashionCaptionModel(vocab_size=n_vocab)
    net = net.to(dev)
    
    # loss and optimizer
    loss_fn = nn.CrossEntropyLoss(ignore_index=0)  # skip <PAD>
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    
    # training
    print("\n" + "="*60)
    print("training")
    print("="*60)
    
    for ep in range(n_epochs):
        print(f"\nepoch {ep + 1}/{n_epochs}")
        print("-" * 60)
        
        # train
        tr_loss = run_one_epoch(net, tr_loader, loss_fn, opt, dev, clip)
        print(f"train loss: {tr_loss:.4f}")
        
        # validate every second epoch
        if (ep + 1) % 2 == 0:  # every 2 epochs
            net.eval()
            va_sum = 0.0
            n_va = 0
            
            with torch.no_grad():
                for batch in va_loader:
                    grid_feat = batch['local_feat'].to(dev)
                    tokens = batch['caption'].to(dev)
                    
                    logits = net(grid_feat, tokens)
                    gold = tokens[:, 1:]
                    
                    loss = loss_fn(logits.reshape(-1, logits.size(-1)), gold.reshape(-1))
                    va_sum += loss.item()
                    n_va += 1
            
            va_mean = va_sum / n_va
            print(f"val loss: {va_mean:.4f}")
    
    # save
    ckpt_path = REPO_DIR / "models" / "model1_checkpoint.pt"
    ckpt_path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({
        'model_state_dict': net.state_dict(),
        'vocab_size': n_vocab,
        'epoch': n_epochs,
    }, str(ckpt_path))
    print(f"\n[OK] checkpoint written: {ckpt_path}")
    
    # show a few generations
    print("\n" + "="*60)
    print("sample generations")
    print("="*60)
    net.eval()
    id_to_word = vocab['idx2word']
    
    # three validation examples
    first = next(iter(va_loader))
    ex_feat = first['local_feat'][:3].to(dev)
    ex_tokens = first['caption'][:3]
    
    with torch.no_grad():
        generated = net.generate(ex_feat, max_len=max_len)
    
    print("\ngenerated captions:")
    for k in range(3):
        # reference
        ref = ex_tokens[k].tolist()
        ref_words = [id_to_word.get(t, f"<{t}>") for t in ref if t != 0]
        print(f"\nexample {k+1}:")
        print(f"  reference: {' '.join(ref_words)}")
        
        # hypothesis
        hyp = generated[k].cpu().tolist()
        hyp_words = [id_to_word.get(t, f"<{t}>") for t in hyp]
        print(f"  generated: {' '.join(hyp_words)}")
    
    print("\n" + "="*60)
    print("done")
    print("="*60)


if __name__ == "__main__":
    main()

