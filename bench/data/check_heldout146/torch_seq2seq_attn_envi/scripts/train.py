import argparse
import os
import pickle
from copy import deepcopy

import torch

from src.data.vocabulary import Vocabulary
from src.data.dataloader import get_dataloader
from src.builders.build_translator import build_model
from src.training.losses import get_loss_function
from src.training.optimizers import get_optimizer
from src.training.schedulers import get_scheduler
from src.training.trainer import Trainer
from src.training.evaluate import Evaluator
from src.training.visualize import plot_training_history
from src.utils import filter_by_length, load_text_data, load_yaml, save_json, set_seed, split_train_val, unzip_pairs


def merge_nested(base, upd):
    for key, value in upd.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merge_nested(base[key], value)
        else:
            base[key] = value
    return base


def read_cli():
    ap = argparse.ArgumentParser(description="seq2seq + attention EN-VI trainer")
    ap.add_argument("--config", type=str, default="configs/default.yaml")
    ap.add_argument("--epochs", type=int, default=None)
    ap.add_argument("--batch_size", type=int, default=None)
    ap.add_argument("--lr", type=float, default=None)
    ap.add_argument("--num_samples", type=int, default=None)
    ap.add_argument("--output_dir", type=str, default=None)
    ap.add_argument("--no_attention", action="store_true")
    ap.add_argument("--resume", action="store_true")
    return ap.parse_args()


def override_cfg(conf, cli):
    conf = deepcopy(conf)
    if cli.epochs is not None:
        conf["training"]["epochs"] = cli.epochs
    if cli.batch_size is not None:
        conf["training"]["batch_size"] = cli.batch_size
    if cli.lr is not None:
        conf["training"]["lr"] = cli.lr
    if cli.num_samples is not None:
        conf["data"]["num_samples"] = cli.num_samples
    if cli.output_dir is not None:
        conf["project"]["output_dir"] = cli.output_dir
    if cli.no_attention:
        conf["model"]["use_attention"] = False
    if cli.resume:
        conf["training"]["resume"] = True
    return conf


def dump_vocabs(src_vocab, tgt_vocab, out_dir):
    vdir = os.path.join(out_dir, "vocab")
    os.makedirs(vdir, exist_ok=True)
    with open(os.path.join(vdir, "src_vocab.pkl"), "wb") as fh:
        pickle.dump(src_vocab, fh)
    with open(os.path.join(vdir, "tgt_vocab.pkl"), "wb") as fh:
        pickle.dump(tgt_vocab, fh)


def run():
    cli = read_cli()
    conf = override_cfg(load_yaml(cli.config), cli)
    set_seed(conf["project"].get("seed", 42))

    out_dir = conf["project"]["output_dir"]
    os.makedirs(out_dir, exist_ok=True)
    save_json(conf, os.path.join(out_dir, "resolved_config.json"))

    print("[1] data + vocab")
    src_txt = load_text_data(conf["data"]["src_path"], conf["data"].get("num_samples"))
    tgt_txt = load_text_data(conf["data"]["tgt_path"], conf["data"].get("num_samples"))
    if len(src_txt) != len(tgt_txt):
        raise ValueError(f"Source and target line counts differ: {len(src_txt)} vs {len(tgt_txt)}")

    trn_pairs, val_pairs = split_train_val(
        src_txt, tgt_txt,
        val_ratio=conf["data"].get("val_ratio", 0.1),
        seed=conf["project"].get("seed", 42),
    )
    trn_src, trn_tgt = unzip_pairs(trn_pairs)
    dev_src, dev_tgt = unzip_pairs(val_pairs)

    src_vocab = Vocabulary(tokenizer_mode=conf["data"].get("src_tokenizer", "basic"))
    tgt_vocab = Vocabulary(tokenizer_mode=conf["data"].get("tgt_tokenizer", "basic"))
    src_vocab.build_vocabulary(trn_src, min_freq=conf["data"].get("min_freq", 2))
    tgt_vocab.build_vocabulary(trn_tgt, min_freq=conf["data"].get("min_freq", 2))

    trn_src, trn_tgt = filter_by_length(
        trn_src, trn_tgt, src_vocab, tgt_vocab,
        max_src_len=conf["data"].get("max_src_len"),
        max_tgt_len=conf["data"].get("max_tgt_len"),
    )
    trn_pairs = list(zip(trn_src, trn_tgt))
    dump_vocabs(src_vocab, tgt_vocab, out_dir)

    print(f"[Data] Train={len(trn_pairs)} | Val={len(val_pairs)}")
    print(f"[Vocab] Source={len(src_vocab)} | Target={len(tgt_vocab)}")

    train_loader = get_dataloader(
        trn_src, trn_tgt, src_vocab, tgt_vocab,
        batch_size=conf["training"].get("batch_size", 16),
        max_src_len_percentile=conf["data"].get("max_src_len_percentile", 0.95),
        max_tgt_len_percentile=conf["data"].get("max_tgt_len_percentile", 0.95),
        max_src_len=conf["data"].get("max_src_len", 80),
        max_tgt_len=conf["data"].get("max_tgt_len", 80),
    )

    print("\n[2] model")
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = build_model(
        src_vocab=src_vocab,
        tgt_vocab=tgt_vocab,
        embedding_dim=conf["model"].get("embedding_dim", 128),
        hidden_size=conf["model"].get("hidden_size", 256),
        device=device,
        use_attention=conf["model"].get("use_attention", True),
        attention_type=conf["model"].get("attention_type", "bahdanau"),
    )
    print(f"[Model] {'Seq2Seq + ' + conf['model'].get('attention_type', 'bahdanau').capitalize() + ' Attention' if conf['model'].get('use_attention', True) else 'Seq2Seq baseline'} on {device}")

    optimizer = get_optimizer(model, lr=conf["training"].get("lr", 0.001), opt_type=conf["training"].get("optimizer", "adam"))
    scheduler = get_scheduler(
        optimizer,
        scheduler_type=conf["scheduler"].get("type", "step"),
        step_size=conf["scheduler"].get("step_size", 5),
        gamma=conf["scheduler"].get("gamma", 0.5),
        warmup_steps=conf["scheduler"].get("warmup_steps", 5),
    )
    criterion = get_loss_function(pad_idx=tgt_vocab.PAD_IDX)
    evaluator = Evaluator(model=model, src_vocab=src_vocab, tgt_vocab=tgt_vocab)

    runner = Trainer(
        model=model,
        optimizer=optimizer,
        criterion=criterion,
        train_loader=train_loader,
        tgt_vocab=tgt_vocab,
        epochs=conf["training"].get("epochs", 15),
        evaluator=evaluator,
        val_pairs=val_pairs,
        scheduler=scheduler,
        save_dir=out_dir,
        max_eval_samples=conf["evaluation"].get("max_eval_samples", 200),
        eval_max_len=conf["evaluation"].get("max_len", 50),
        log_every=conf["training"].get("log_every", 50),
        grad_clip=conf["training"].get("grad_clip", 1.0),
        teacher_forcing_start=conf["training"].get("teacher_forcing_start", 0.6),
        teacher_forcing_end=conf["training"].get("teacher_forcing_end", 0.2),
        early_stopping_patience=conf["training"].get("early_stopping_patience"),
        config=conf,
    )

    last_ckpt = os.path.join(out_dir, "last_checkpoint.pt")
    if conf["training"].get("resume", False) and os.path.exists(last_ckpt):
        start_epoch, _unused = runner.load_checkpoint(last_ckpt)
        runner.train(start_epoch=start_epoch)
    else:
        runner.train(start_epoch=1)

    if len(runner.history) > 0:
        plot_training_history(runner.history, save_path=os.path.join(out_dir, "training_plot.png"))


if __name__ == "__main__":
    run()
