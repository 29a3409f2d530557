import torch
import torch.nn as nn
from tqdm import tqdm


def bce_loss(logits, targets):
    return nn.BCEWithLogitsLoss()(logits, targets.view(-1, 1))


def train_one_epoch(data_loader, model, optimizer, device, lr_sched):
    model.train()

    for step, batch in tqdm(enumerate(data_loader), total=len(data_loader)):
        token_ids = batch["ids"]
        segment_ids = batch["token_type_ids"]
        attn_mask = batch["mask"]
        targets = batch["targets"]

        token_ids = token_ids.to(device, dtype=torch.long)
        segment_ids = segment_ids.to(device, dtype=torch.long)
        attn_mask = attn_mask.to(device, dtype=torch.long)
        targets = targets.to(device, dtype=torch.float)

        optimizer.zero_grad()
        logits = model(ids=token_ids, mask=attn_mask, token_type_ids=segment_ids)

        loss = bce_loss(logits, targets)
        loss.backward()
        optimizer.step()
        lr_sched.step()


def eval_one_epoch(data_loader, model, device):
    model.eval()
    all_targets = []
    all_probs = []
    with torch.no_grad():
        for step, batch in tqdm(enumerate(data_loader), total=len(data_loader)):
            token_ids = batch["ids"]
            segment_ids = batch["token_type_ids"]
            attn_mask = batch["mask"]
            targets = batch["targets"]

            token_ids = token_ids.to(device, dtype=torch.long)
            segment_ids = segment_ids.to(device, dtype=torch.long)
            attn_mask = attn_mask.to(device, dtype=torch.long)
            targets = targets.to(device, dtype=torch.float)

            logits = model(ids=token_ids, mask=attn_mask, token_type_ids=segment_ids)
            all_targets.extend(targets.cpu().detach().numpy().tolist())
            all_probs.extend(torch.sigmoid(logits).cpu().detach().numpy().tolist())
    return all_probs, all_targets
