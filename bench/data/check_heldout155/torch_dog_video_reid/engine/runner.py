import os
import torch
import torch.nn.functional as F
from tqdm import tqdm
import numpy as np
import json

class Runner:
    "training and evaluation loops"
    def __init__(self, model, train_loader, query_loader, gallery_loader, optimizer, cfg, loss_fn, miner):
        # --- model on the device ---
        self.model = model.to(cfg.device)

        # --- loaders ---
        self.train_loader = train_loader
        self.query_loader = query_loader # held-out query
        self.gallery_loader = gallery_loader # held-out gallery

        # --- settings ---
        self.optimizer = optimizer
        self.device = cfg.device
        self.cfg = cfg
        
        # --- metric learning parts ---
        self.loss_fn = loss_fn
        self.miner = miner


    def train(self):
        """all epochs"""
        # --- share of ids held out ---
        held = getattr(self.cfg, 'val_split', 0)

        # --- epochs ---
        for ep in range(self.cfg.epochs):
            self.current_epoch = ep

            # one pass over the training clips
            mean_loss = self.train_epoch(ep)
            print(f"epoch {ep} | loss {mean_loss:.4f}")

            # --- periodic evaluation ---
            if held > 0 and self.cfg.world == "closed":
                # only every eval_period epochs
                if (ep + 1) % self.cfg.eval_period == 0:
                    r1, r5, mAP = self.evaluate()
                    

        # --- final save ---
        # only when nothing was held out
        if held <= 0.01:
            print("full-data run: writing final weights")
            self.save_checkpoint("model.pth")

    def train_epoch(self, ep):
        """one epoch"""
        # --- training mode ---
        self.model.train()

        # accumulate gradients over several small batches
        accum = getattr(self.cfg, 'accum_steps', 8) 

        run = 0.0
        self.optimizer.zero_grad()

        # progress bar
        bar = tqdm(self.train_loader, desc=f"ep {ep}")

        # --- batches ---
        for i, (clips, ids, dogs, vids) in enumerate(bar):

            # to device
            clips = clips.to(self.device)
            ids = ids.to(self.device)

            # forward -> embeddings
            emb = self.model(clips)
            
            # --- mining ---
            # hardest positives / negatives
            pairs = self.miner(emb, ids)

            # --- loss ---
            # triplet loss on the mined pairs
            loss = self.loss_fn(emb, ids, pairs)
            
            # --- backward with accumulation ---
            # scale so the summed gradient is an average
            loss = loss / accum
            loss.backward()

            # step every accum batches
            if (i + 1) % accum == 0:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.optimizer.step()
                self.optimizer.zero_grad()

            # --- progress ---
            run += loss.item() * accum
            bar.set_postfix(loss=loss.item() * accum)

        return run / len(self.train_loader)

    @torch.no_grad()
    def evaluate(self):
        # --- inference mode ---
        self.model.eval()
        
        # --- embeddings ---
        # L2-normalised query and gallery features
        qf, qid = self._embed_all(self.query_loader, "query")
        gf, gid = self._embed_all(self.gallery_loader, "gallery")

        # --- closed world ---
        # every query id has gallery entries
        if self.cfg.world == "closed":
            dist = 1 - torch.mm(qf, gf.t())  # cosine distance
            r1, r5, mAP = self.cmc_map(dist.numpy(), qid.numpy(), gid.numpy())
            
            print(f"closed-set eval: r1 {r1:.2%}, r5 {r5:.2%}, mAP {mAP:.2%}")
            return r1, r5, mAP


    def _embed_all(self, loader, tag):
        """embeddings of every clip in a loader"""
        out, ids = [], []

        for b in tqdm(loader, desc=tag):
            clips = b[0].to(self.device)
            y = b[1]

            # forward
            f = self.model(clips)

            # unit length, so a dot product is cosine similarity
            f = F.normalize(f, p=2, dim=1)

            out.append(f.cpu())
            ids.extend(y.tolist())

        return torch.cat(out, 0), torch.tensor(ids)

    def cmc_map(self, dist, qid, gid):
        nq, ng = dist.shape

        # gallery order per query
        order = np.argsort(dist, axis=1)

        # 1 where the ranked gallery id equals the query id
        hit = (gid[order] == qid[:, np.newaxis]).astype(np.int32)

        first, aps = [], []

        for i in range(nq):

            row = hit[i]

            # no true match for this query
            if not np.any(row):
                continue

            # rank of the first true match
            pos = np.where(row == 1)[0][0]
            first.append(pos)

            # --- average precision ---
            cum = np.cumsum(row)
            prec = cum / (np.arange(ng) + 1)
            aps.append(np.sum(prec * row) / np.sum(row))

        cmc = np.zeros(ng)

        # build the CMC curve
        for r in first:
            cmc[r:] += 1

        # to fractions
        cmc /= len(first) if len(first) > 0 else 1

        return cmc[0], cmc[4], np.mean(aps)

    def save_checkpoint(self, fname):

        # --- where ---
        held = getattr(self.cfg, 'val_split', 0)
        out_dir = self.cfg.output_dir
            
        if not os.path.exists(out_dir):
            os.makedirs(out_dir, exist_ok=True)

        path = os.path.join(out_dir, fname)
        meta = path.replace(".pth", "_params.json")

        # --- weights ---
        # unwrap DataParallel if present
        sd = self.model.module.state_dict() if hasattr(self.model, 'module') else self.model.state_dict()

        blob = {
            'model': sd,
            'epoch': getattr(self, 'current_epoch', 'unknown'),
            'val_split': held
        }

        # write weights
        torch.save(blob, path)

        # --- settings next to the weights ---
        # a fixed subset of the settings
        keep = ['lr', 'margin', 'weight_decay', 'batch_size', 
                        'k', 'model', 'world', 'clip_len', 'epochs',
                        "accum_steps", "num_workers", "chunk_size"]

        params = {}

        for k in keep:

            if hasattr(self.cfg, k):
                params[k] = getattr(self.cfg, k)

            elif isinstance(self.cfg, dict) and k in self.cfg:
                params[k] = self.cfg[k]

        with open(meta, 'w') as fh:
            json.dump(params, fh, indent=4)
            
        print(f"weights and settings written to {out_dir}")
