import numpy as np
from torchmetrics import Metric
import torch 
from loguru import logger
from tqdm.auto import tqdm
import core.loaders as loaders
import core.muril_model as muril_model

LR=2e-5
EPOCHS = 30

## metric objects for both phases

n_classes = 2
train_metrics = dict()

from torchmetrics import AUROC, F1Score, MetricCollection
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# macro AUROC
auroc = AUROC(task='binary', num_labels=n_classes, average="macro") 
train_metrics["auroc_macro"] = auroc

# global F1
f1 = F1Score(task='binary', num_labels=n_classes) 
train_metrics["f1"] = f1

train_coll = MetricCollection(train_metrics)
train_coll.to(device)

val_coll = train_coll.clone()
val_coll.to(device)


## training

epoch= range(1,EPOCHS+1)

def run_train_epoch(train_loader,val_loader,model,epoch_id=None):
    model.train()
    logger.info(f"epoch start {epoch_id=}")

    losses = []
    aurocs = []

    bar = tqdm(train_loader, desc='train batches...', leave=True)
    for step, batch in enumerate(bar):
        if step % 1_000 == 0:
            run_valid_epoch(val_loader, model, epoch_id=epoch, batch_id=step)

        logger.trace(f"{step=}")
        ids = batch["ids"].to(device, non_blocking=True)
        attn = batch["mask"].to(device, non_blocking=True)
        ys = batch["labels"].to(device, non_blocking=True)

        # clear grads
        loaders.optimizer.zero_grad()

        # forward
        scores = model(ids, attn)
        pos_scores = scores.squeeze()
        pos_scores = pos_scores[:, 1]

        # loss
        loss = loaders.criterion(pos_scores.to(torch.float32), ys.to(torch.float32))

        # metrics
        probs = torch.sigmoid(pos_scores)
        step_metrics = train_coll(probs.to(torch.float32), ys.to(torch.int32))
        logger.trace(step_metrics)

        # backward
        loss.backward()
        
        # clip
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        loaders.optimizer.step()

        # progress values
        
        auroc_now = float(step_metrics["auroc_macro"])

        losses.append(loss.item())
        aurocs.append(auroc_now)

    mean_loss = np.mean(losses)
    logger.info(f"epoch end {epoch_id=}")
    logger.info(f"train loss mean : {mean_loss}")
    logger.info(f"train AUROC mean : {np.mean(aurocs)}")



## validation    

@torch.no_grad()
def run_valid_epoch(val_loader, model, epoch_id=None, batch_id=None):
    model.eval()
    logger.info(f"validation start {epoch_id=}{batch_id=}")
    val_coll.reset()

    losses = []
    all_probs = torch.Tensor([])
    all_ys = torch.Tensor([])


    bar = tqdm(val_loader, desc="valid batches...", leave=True)
    for _, batch in enumerate(bar):

        ids = batch["ids"].to(device,non_blocking=True)
        attn = batch["mask"].to(device,non_blocking=True)
        ys = batch["labels"].to(device,non_blocking=True)

        # forward
        scores = model(ids, attn)

        pos_scores = scores.squeeze()
        pos_scores = pos_scores[:, 1]   

        # loss
        loss = loaders.criterion(
            pos_scores.to(torch.float32),
            ys.to(torch.float32),
        )

        losses.append(loss.item())

        probs = torch.sigmoid(pos_scores)
        all_probs = torch.concat(
            [all_probs, probs.cpu()]
        )
        all_ys = torch.concat([all_ys, ys.cpu()])

        # metrics
        val_coll(probs.to(torch.float32), ys.to(torch.int32))

    mean_loss = np.mean(losses)
    logger.trace(val_coll.compute())
    logger.info(f"validation loss mean : {mean_loss}")
    logger.info(f"validation end {epoch_id=}{batch_id=}")
    
    

    
