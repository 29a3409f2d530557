import torch
import argparse
from configs.settings import Settings
from data.loaders import make_loaders
from models.factory import make_model
from engine.runner import Runner
from pytorch_metric_learning import losses, miners


def main():

    # ------------------------------------------------
    # COMMAND LINE
    # any flag given here replaces the settings default
    # e.g.
    # python train.py --model swin --lr 5e-5 --batch_size 16
    # ------------------------------------------------
    ap = argparse.ArgumentParser(description="video re-id of dogs")

    ap.add_argument('--lr', type=float, default=None, help='step size')
    ap.add_argument('--margin', type=float, default=None, help='triplet margin')
    ap.add_argument('--weight_decay', type=float, default=None, help='weight decay')
    ap.add_argument('--batch_size', type=int, default=None, help='P*K clips per batch')
    ap.add_argument('--k', type=int, default=None, help='clips per identity')
    ap.add_argument('--model', type=str, default=None, help="'dinov2', 'swin' or 'vit'")
    ap.add_argument('--world', type=str, default=None, help="'closed' or 'open'")
    ap.add_argument('--clip_len', type=int, default=None, help='frames per clip')

    a = ap.parse_args()


    # ------------------------------------------------
    # DEFAULTS
    # ------------------------------------------------
    cfg = Settings()


    # ------------------------------------------------
    # APPLY OVERRIDES
    # only flags that were set
    # ------------------------------------------------
    if a.model: cfg.model = a.model
    if a.world: cfg.world = a.world
    if a.clip_len: cfg.clip_len = a.clip_len
    if a.lr: cfg.lr = a.lr
    if a.margin: cfg.margin = a.margin
    if a.weight_decay: cfg.weight_decay = a.weight_decay
    if a.batch_size: cfg.batch_size = a.batch_size
    if a.k: cfg.k = a.k

    cfg.run_name = f"{cfg.model}_{cfg.world}"
    cfg.output_dir = cfg.project_root / "runs" / cfg.run_name
    cfg.output_dir.mkdir(parents=True, exist_ok=True)

    # show what will be used
    cfg.display()


    # ------------------------------------------------
    # LOADERS
    # ------------------------------------------------
    tr_loader, q_loader, g_loader = make_loaders(cfg)


    # ------------------------------------------------
    # MODEL
    # ------------------------------------------------
    net = make_model(cfg).to(cfg.device)


    # ------------------------------------------------
    # START WITH EVERYTHING FROZEN
    # then open selected parts
    # ------------------------------------------------
    for w in net.parameters():
        w.requires_grad = False


    # ------------------------------------------------
    # OPEN THE LAST PARTS, PER BACKBONE FAMILY
    # the attribute names differ between families
    # ------------------------------------------------

    # --- torchvision ViT ---
    # blocks live in encoder.layers
    if hasattr(net.backbone, 'encoder') and hasattr(net.backbone.encoder, 'layers'):

        # last two blocks
        for blk in net.backbone.encoder.layers[-2:]:
            for w in blk.parameters():
                w.requires_grad = True

        # closing layer norm
        if hasattr(net.backbone.encoder, 'ln'):
            for w in net.backbone.encoder.ln.parameters():
                w.requires_grad = True


    # --- DINOv2 ---
    # blocks live in backbone.blocks
    elif hasattr(net.backbone, 'blocks'):

        for blk in net.backbone.blocks[-2:]:
            for w in blk.parameters():
                w.requires_grad = True

        # closing norm
        if hasattr(net.backbone, 'norm'):
            for w in net.backbone.norm.parameters():
                w.requires_grad = True


    # --- Swin ---
    # staged hierarchy
    elif hasattr(net.backbone, 'layers'):

        # last stage
        for w in net.backbone.layers[-1].parameters():
            w.requires_grad = True

        if hasattr(net.backbone, 'norm'):
            for w in net.backbone.norm.parameters():
                w.requires_grad = True


    # ------------------------------------------------
    # TEMPORAL POOLING HEAD IS ALWAYS TRAINED
    # (attention over frames)
    # ------------------------------------------------
    pool = getattr(net, 'temporal_pool', getattr(net, 'temporal_attn', None))

    if pool:
        for w in pool.parameters():
            w.requires_grad = True


    # the BN neck is trained too
    for w in net.bn.parameters():
        w.requires_grad = True


    # ------------------------------------------------
    # OPTIMIZER
    # lower rate for the backbone than for the head
    # ------------------------------------------------

    bb_params = [
        w for w in net.backbone.parameters()
        if w.requires_grad
    ]

    hd_params = [
        w for n, w in net.named_parameters()
        if w.requires_grad and 'backbone' not in n
    ]

    opt = torch.optim.AdamW(
        [
            {"params": bb_params, "lr": cfg.lr * 0.1},  # backbone
            {"params": hd_params, "lr": cfg.lr}             # head
        ],
        weight_decay=cfg.weight_decay
    )


    # ------------------------------------------------
    # METRIC LEARNING
    # ------------------------------------------------

    # hardest pairs inside the batch
    mine = miners.BatchHardMiner()

    # triplet loss with margin
    crit = losses.TripletMarginLoss(margin=cfg.margin)


    # ------------------------------------------------
    # RUNNER
    # ------------------------------------------------
    runner = Runner(
        model=net,
        train_loader=tr_loader,
        query_loader=q_loader,
        gallery_loader=g_loader,
        optimizer=opt,
        loss_fn=crit,
        miner=mine,
        cfg=cfg
    )


    # ------------------------------------------------
    # GO
    # ------------------------------------------------
    runner.train()


if __name__ == "__main__":
    main()
