import os
from pathlib import Path
from PIL import Image
from tqdm import tqdm
import torch
from torch import nn
from torch.utils.data import Dataset, DataLoader, random_split
from torchvision import transforms
from transformers import GPT2LMHeadModel, GPT2Config, GPT2Tokenizer, ViTModel, ViTImageProcessor
from torch.optim import AdamW
from torch.optim.lr_scheduler import CosineAnnealingLR
import evaluate  # BLEU comes from the 'evaluate' package

# Paths and device
RUN_DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")
HERE = Path(__file__).resolve().parent
DATA_ROOT = HERE.parent / 'data' / 'Flickr8k'
OUT_DIR = HERE / "checkpoints"
PHOTO_DIR = DATA_ROOT / "Images" / "Flicker8k_Dataset"
TOKENS_FILE = DATA_ROOT / "Captions" / "Flickr8k.token.txt"
os.makedirs(OUT_DIR, exist_ok=True)

# Settings
BS = 8
N_EPOCHS = 20
SEQ_LEN = 30
MAX_PAIRS = 5000
HOLDOUT = 0.1
STEP = 3e-5

# BLEU scorer
bleu = evaluate.load("bleu")

class PhotoCaptionPairs(Dataset):
    """
    Pairs of (photo file, caption) read from the Flickr8k token file.
    """
    def __init__(self, photo_dir, tokens_file, transform=None, max_samples=None):
        self.photo_dir = photo_dir
        self.pairs = []
        # one caption per line, keyed by file name
        with open(tokens_file, 'r') as fh:
            for row in fh:
                fname, text = row.strip().split('\t')
                fname = fname.split('#')[0].strip()
                path = os.path.join(self.photo_dir, fname)
                if os.path.exists(path):
                    self.pairs.append((fname, text))
                else:
                    print(f"[skip] no file for {fname}")
        if max_samples:
            self.pairs = self.pairs[:max_samples]
        self.transform = transform or transforms.Compose([
            transforms.Resize((224, 224)),
            transforms.ToTensor()
        ])

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        fname, text = self.pairs[i]
        pic = Image.open(os.path.join(self.photo_dir, fname)).convert('RGB')
        pic = self.transform(pic)
        return pic, text

def holdout_split(ds, val_split=0.1):
    """
    Random train/validation split.

    Args:
        ds (Dataset): data set to split.
        val_split (float): share kept for validation.

    Returns:
        tuple: (train part, validation part).
    """
    n_val = int(len(ds) * val_split)
    n_train = len(ds) - n_val
    return random_split(ds, [n_train, n_val])

# ViT encoder and its image processor
encoder = ViTModel.from_pretrained("google/vit-large-patch16-224-in21k").to(RUN_DEVICE)
img_proc = ViTImageProcessor.from_pretrained("google/vit-large-patch16-224-in21k")

# train only the last 4 blocks and the pooler
for n, p in encoder.named_parameters():
    p.requires_grad = False
for n, p in encoder.encoder.layer[-4:].named_parameters():
    p.requires_grad = True
for n, p in encoder.pooler.named_parameters():
    p.requires_grad = True

# GPT-2 tokenizer
tok = GPT2Tokenizer.from_pretrained("gpt2")
tok.pad_token = tok.eos_token  # pad with EOS

# GPT-2 with cross-attention to the image tokens
gcfg = GPT2Config.from_pretrained('gpt2')
gcfg.add_cross_attention = True  # turn on cross-attention blocks
decoder = GPT2LMHeadModel.from_pretrained('gpt2', config=gcfg).to(RUN_DEVICE)
decoder.resize_token_embeddings(len(tok)) # match the tokenizer

# map ViT width to GPT-2 width
bridge = nn.Linear(encoder.config.hidden_size, decoder.config.n_embd).to(RUN_DEVICE)

# data and split
pairs = PhotoCaptionPairs(PHOTO_DIR, TOKENS_FILE, max_samples=MAX_PAIRS)
tr_part, va_part = holdout_split(pairs, val_split=HOLDOUT)
tr_loader = DataLoader(tr_part, batch_size=BS, shuffle=True)
va_loader = DataLoader(va_part, batch_size=1)

# optimiser and schedule
trainable = list(decoder.parameters()) + list(bridge.parameters()) + [p for p in encoder.parameters() if p.requires_grad]
opt = AdamW(trainable, lr=STEP)
sched = CosineAnnealingLR(opt, T_max=N_EPOCHS)

# AMP scaler when a GPU is there
amp_scaler = torch.cuda.amp.GradScaler(enabled=torch.cuda.is_available())

def image_tokens(pics):
    """
    ViT tokens of a batch, mapped to the GPT-2 width.

    Args:
        pics (torch.Tensor): batch of images.

    Returns:
        torch.Tensor: (B, N, gpt2 width).
    """
    pil_list = [transforms.ToPILImage()(x.cpu()) for x in pics]
    enc_in = img_proc(images=pil_list, return_tensors="pt").to(RUN_DEVICE)
    with torch.no_grad():
        hid = encoder(**enc_in).last_hidden_state  # (B, N, D)
    mapped = bridge(hid)  # (B, N, gpt2 width)
    return mapped

@torch.no_grad()
def greedy_caption(img_tok, max_len=SEQ_LEN):
    """
    Greedy caption from image tokens.

    Args:
        img_tok (torch.Tensor): image tokens.
        max_len (int): longest caption.

    Returns:
        str: the caption.
    """
    start = torch.tensor([[tok.bos_token_id]], device=RUN_DEVICE)
    enc_mask = torch.ones(img_tok.shape[:2], dtype=torch.long).to(RUN_DEVICE)
    out = decoder.generate(
        input_ids=start,
        encoder_hidden_states=img_tok,
        encoder_attention_mask=enc_mask,
        max_length=max_len,
        eos_token_id=tok.eos_token_id,
        pad_token_id=tok.pad_token_id,
        attention_mask=torch.ones_like(start),
        do_sample=False
    )
    return tok.decode(out[0][1:], skip_special_tokens=True)

def bleu_of(refs, hyps):
    """
    BLEU of generated captions.

    Args:
        refs (list): reference captions.
        hyps (list): generated captions.

    Returns:
        dict: BLEU results.
    """
    # one reference list per prediction
    res = bleu.compute(predictions=hyps, references=[[r] for r in refs])
    return res

# training
for ep in range(N_EPOCHS):
    decoder.train()
    encoder.train()
    run_loss = 0
    bar = tqdm(tr_loader, desc=f"epoch {ep+1}/{N_EPOCHS}")
    for pics, texts in bar:
        opt.zero_grad()
        img_tok = image_tokens(pics)
        enc_mask = torch.ones(img_tok.shape[:2], dtype=torch.long).to(RUN_DEVICE)

        # captions with BOS/EOS
        texts = [tok.bos_token + " " + t.strip().lower() + " " + tok.eos_token for t in texts]
        enc = tok(
            texts,
            padding="max_length",
            max_length=SEQ_LEN,
            return_tensors="pt",
            truncation=True
        )
    
        ids = enc.input_ids.to(RUN_DEVICE)
        att = enc.attention_mask.to(RUN_DEVICE)

        targets = ids.clone()
        targets[ids == tok.pad_token_id] = -100 # no loss on padding

        with torch.autocast(device_type='cuda' if torch.cuda.is_available() else 'cpu'):
            out = decoder(input_ids=ids, encoder_hidden_states=img_tok, encoder_attention_mask=enc_mask,
                           attention_mask=att, labels=targets)
            loss = out.loss

        if torch.cuda.is_available():
            amp_scaler.scale(loss).backward()
            amp_scaler.step(opt)
            amp_scaler.update()
        else:
            loss.backward()
            opt.step()

        run_loss += loss.item()
        bar.set_postfix(loss=run_loss / (bar.n or 1))

    sched.step()

    # BLEU on the held-out part
    decoder.eval()
    encoder.eval()
    refs, hyps = [], []
    for pics, texts in va_loader:
        img_tok = image_tokens(pics)
        cap = greedy_caption(img_tok)
        refs.append(texts[0])
        hyps.append(cap)

    # one reference list per caption
    refs_wrapped = [[r] for r in refs]

    # BLEU
    bleu = evaluate.load("bleu")
    scores = bleu.compute(predictions=hyps, references=refs_wrapped)

    print(f"[val BLEU] epoch {ep+1}: {scores['bleu']:.4f}")

# save
torch.save({
    "gpt2": decoder.state_dict(),
    "vit": encoder.state_dict(),
    "proj": bridge.state_dict(),
    "tokenizer": tok.name_or_path
}, OUT_DIR / "caption_model.pt")

print("saved.")
