from tqdm import tqdm
from sklearn.model_selection import train_test_split
import torch
import logging
import os
from data import get_text8
from tokeniser import build_vocab, get_tokens_as_indices, tokenise
import wandb
import numpy as np

logging.basicConfig(
    level=logging.DEBUG,  # verbose by default
    format='%(asctime)s | %(levelname)s | %(message)s'
)

log = logging.getLogger(__name__)

# fixed settings (not tuned)
SEED = 42
SAVE_EVERY = 5  # epochs between weight snapshots
RUN_NAME = "sgns_{}_{}_{}"  # architecture, corpus, run id
DEBUG = os.environ.get("DEBUG_MODE", "0") == "1"
WB_ENTITY = "example-team"
WB_PROJECT = "skipgram-text8"

# overridable from the environment
N_EPOCHS = int(os.environ.get("EPOCHS", 1))
BATCH = int(os.environ.get("BATCH_SIZE", 2048))



settings = {
    "epochs": N_EPOCHS,
    "seed": 42,
    "batch_size": BATCH,
    "architecture": "skipgram",
    "dataset": "text8",
    "embedding_dim": 100,
    "learning_rate": 0.01,
    "context_size": 1,
    "min_freq": 3,
    "subsampling_threshold": 1e-4,
    "val_split": 0.1,
    "test_split": 0.1,
    "device": "cuda" if torch.cuda.is_available() else "cpu",
}


def make_pairs(ids, window):
    log.info("make_pairs: start")
    log.debug(f"ids: {len(ids)}, window: {window}")
    # numpy array so that slicing is cheap
    ids = np.array(ids)
    all_pairs = []
    for shift in range(-window, window + 1):
        log.info(f"shift {shift}")
        if shift == 0:
            continue
        log.debug(f"shift {shift}")
        log.debug(f"first ids: {ids[:5]}")
        log.debug(f"window {window} over {len(ids)} ids")
        log.debug(f"ids type {type(ids)}, dtype {ids.dtype}")
        log.debug(f"window type {type(window)}, value {window}")
        
        try:
            log.debug(np.arange(window, len(ids) - window))
            # positions that have a full window on both sides
            centres = np.arange(window, len(ids) - window)
        except Exception as e:
            log.error(f"could not build centres for shift {shift}: {e}")
            continue
        neighbours = centres + shift
        log.debug(f"centres[:5]: {centres[:5]}, neighbours[:5]: {neighbours[:5]}")
        log.debug(f"ids[centres][:5]: {ids[centres][:5]}, ids[neighbours][:5]: {ids[neighbours][:5]}")
        shift_pairs = list(zip(ids[centres], ids[neighbours]))
        log.debug(f"shift {shift} pairs: {shift_pairs[:5]} (first 5)")
        all_pairs.extend(shift_pairs)
    log.info(f"make_pairs: done, {len(all_pairs)} pairs")
    return all_pairs


def prepare_corpus(window: int = None, corpus_path: str = "data/text8.txt") -> tuple[list[tuple[int, int]], dict]:
    log.info("prepare_corpus: start")
    if window is None:
        window = settings["context_size"]
        log.info(f"no window given, using settings value {window}")
    else:
        log.info(f"window given: {window}")

    log.info(f"reading corpus from {corpus_path}")
    with open(corpus_path, "r", encoding="utf-8") as fh:
        raw = fh.read()
    log.info(f"corpus has {len(raw)} characters")

    log.info("tokenising")
    words = tokenise(raw)
    log.info(f"{len(words)} tokens")

    log.info("building vocabulary")
    vocab = build_vocab(
        words,
        min_freq=settings["min_freq"],
        subsampling_threshold=settings["subsampling_threshold"]
    )
    log.info(f"vocabulary size {len(vocab)}")

    log.info("mapping tokens to ids")
    word_ids = get_tokens_as_indices(words, vocab)
    log.info(f"{len(word_ids)} ids")

    log.info("making skip-gram pairs")
    log.info(f"first ids: {word_ids[:10]}")
    log.info(f"window: {window}")
    try:
        pairs = make_pairs(word_ids, window)
    except Exception as e:
        log.error(f"pair generation failed: {e}")
        raise
    log.info(f"{len(pairs)} pairs made")

    log.info("prepare_corpus: done")
    return pairs, vocab

log = logging.getLogger(__name__)
def fit_pairs_stub(
    pairs: list[tuple[int, int]],
):
    """
    Placeholder kept from an earlier draft.
    """
    
    # the real loop lives in run_training below
    # this only reports how much data there is
    log.info("stub: would train on the pairs here")

    # nothing is learned here
    # only the count is logged
    log.info(f"stub: {len(pairs)} pairs")
    return

class PairSet(torch.utils.data.Dataset):
    def __init__(self, pairs):
        self.pairs = pairs

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, idx):
        c, o = self.pairs[idx]
        return torch.tensor(c, dtype=torch.long), torch.tensor(o, dtype=torch.long)

class SGNS(torch.nn.Module):
    def __init__(self, vocab_size, embedding_dim):
        super().__init__()
        self.centre_emb = torch.nn.Embedding(vocab_size, embedding_dim)
        self.outside_emb = torch.nn.Embedding(vocab_size, embedding_dim)

    def forward(self, centre, outside):
        c = self.centre_emb(centre)
        o = self.outside_emb(outside)
        logit = torch.sum(c * o, dim=1)
        return logit

# 80/10/10 split of the pair list
def three_way_split(pairs, seed=None):
    print("splitting")
    log.info("three_way_split: start")
    if seed is None:
        seed = settings["seed"]
    tr, rest = train_test_split(pairs, test_size=settings["val_split"] + settings["test_split"], random_state=seed)
    log.info(f"train {len(tr)}, rest {len(rest)}")
    va_frac = settings["val_split"] / (settings["val_split"] + settings["test_split"])
    va, te = train_test_split(rest, test_size=1 - va_frac, random_state=seed)
    log.info(f"val {len(va)}, test {len(te)}")
    return tr, va, te


def run_epoch(net, loader, opt, bce, vocab_size, device):
    log.info("run_epoch: start")
    net.train()
    loss_sum = 0
    for step, (centre, outside) in enumerate(tqdm(loader, desc="train", leave=False)):
        log.debug(f"step {step}: centre {centre.shape}, outside {outside.shape}")
        centre, outside = centre.to(device), outside.to(device)
        opt.zero_grad()
        # true pairs
        ones = torch.ones(centre.size(0), device=device)
        pos = net(centre, outside)
        pos_l = bce(pos, ones)
        # random negatives
        noise = torch.randint(0, vocab_size, outside.size(), device=device)
        zeros = torch.zeros(centre.size(0), device=device)
        neg = net(centre, noise)
        neg_l = bce(neg, zeros)
        loss = pos_l + neg_l
        loss.backward()
        opt.step()
        loss_sum += loss.item()
        if step % 100 == 0:
            log.info(f"step {step}: loss {loss.item():.4f}")
    mean_loss = loss_sum / len(loader)
    log.info(f"run_epoch: mean loss {mean_loss:.4f}")
    return mean_loss

def score_epoch(net, loader, bce, vocab_size, device):
    log.info("score_epoch: start")
    net.eval()
    loss_sum = 0
    with torch.no_grad():
        for step, (centre, outside) in enumerate(tqdm(loader, desc="eval", leave=False)):
            log.debug(f"eval step {step}: centre {centre.shape}, outside {outside.shape}")
            centre, outside = centre.to(device), outside.to(device)
            ones = torch.ones(centre.size(0), device=device)
            pos = net(centre, outside)
            pos_l = bce(pos, ones)
            noise = torch.randint(0, vocab_size, outside.size(), device=device)
            zeros = torch.zeros(centre.size(0), device=device)
            neg = net(centre, noise)
            neg_l = bce(neg, zeros)
            loss = pos_l + neg_l
            loss_sum += loss.item()
            if step % 100 == 0:
                log.info(f"eval step {step}: loss {loss.item():.4f}")
    mean_loss = loss_sum / len(loader)
    log.info(f"score_epoch: mean loss {mean_loss:.4f}")
    return mean_loss

def run_training(
    tr_pairs,
    va_pairs,
    te_pairs,
    vocab_size,
    embedding_dim=None,
    batch_size=None,
    lr=None,
    epochs=None,
    device=None
):
    log.info("run_training: start")
    if embedding_dim is None:
        embedding_dim = settings["embedding_dim"]
    if batch_size is None:
        batch_size = settings["batch_size"]
    if lr is None:
        lr = settings["learning_rate"]
    if epochs is None:
        epochs = settings["epochs"]
    if device is None:
        device = settings["device"]

    log.info(f"dim={embedding_dim}, batch={batch_size}, lr={lr}, epochs={epochs}, device={device}")

    # experiment tracking
    try:
        wandb.init(
            project=WB_PROJECT,
            entity=WB_ENTITY,
            config={
                "embedding_dim": embedding_dim,
                "batch_size": batch_size,
                "learning_rate": lr,
                "epochs": epochs,
                "architecture": settings["architecture"],
                "dataset": settings["dataset"],
            },
            reinit=True,
        )
        log.info("tracking started")
    except Exception as e:
        log.error(f"tracking not started: {e}")

    tr_set = PairSet(tr_pairs)
    va_set = PairSet(va_pairs)
    te_set = PairSet(te_pairs)

    log.info(f"sets: train={len(tr_set)}, val={len(va_set)}, test={len(te_set)}")

    tr_loader = torch.utils.data.DataLoader(tr_set, batch_size=batch_size, shuffle=True)
    va_loader = torch.utils.data.DataLoader(va_set, batch_size=batch_size)
    te_loader = torch.utils.data.DataLoader(te_set, batch_size=batch_size)

    log.info("loaders ready")

    net = SGNS(vocab_size, embedding_dim).to(device)
    log.info("model on device")
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    bce = torch.nn.BCEWithLogitsLoss()

    for ep in range(epochs):
        log.info(f"epoch {ep+1}/{epochs}")
        tr_loss = run_epoch(net, tr_loader, opt, bce, vocab_size, device)
        va_loss = score_epoch(net, va_loader, bce, vocab_size, device)
        log.info(f"epoch {ep+1}: train {tr_loss:.4f} | val {va_loss:.4f}")
        try:
            wandb.log({"epoch": ep+1, "train_loss": tr_loss, "val_loss": va_loss})
        except Exception as e:
            log.error(f"logging failed: {e}")

    te_loss = score_epoch(net, te_loader, bce, vocab_size, device)
    log.info(f"test loss {te_loss:.4f}")
    try:
        wandb.log({"test_loss": te_loss})
        wandb.finish()
    except Exception as e:
        log.error(f"final logging failed: {e}")
    log.info("run_training: done")
    return net


corpus_file = get_text8()
log.info(f"corpus file: {corpus_file}")

all_pairs, vocab = prepare_corpus(window=settings["context_size"], corpus_path=corpus_file)
log.info(f"{len(all_pairs)} pairs, vocabulary {len(vocab)}")

print("pairs ready")
tr_pairs, va_pairs, te_pairs = three_way_split(all_pairs)
log.info(f"train {len(tr_pairs)}, val {len(va_pairs)}, test {len(te_pairs)}")
log.info(f"train sample: {tr_pairs[:5]}")
log.info(f"train sample looked up: {[(vocab[(c)], vocab[(o)]) for c, o in tr_pairs[:5]]}")
log.info(f"val sample: {va_pairs[:5]}")
log.info(f"val sample looked up: {[(vocab[(c)], vocab[(o)]) for c, o in va_pairs[:5]]}")
log.info(f"test sample: {te_pairs[:5]}")
log.info(f"test sample looked up: {[(vocab[(c)], vocab[(o)]) for c, o in te_pairs[:5]]}")

print("training")
# run it
net = run_training(tr_pairs, va_pairs, te_pairs, len(vocab))
log.info("finished")
