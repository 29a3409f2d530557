"""Fit on the bundled sample and write the network, the metrics and a figure.

Offline entry point: reads the movie-review sample under ``data/``, fits
the recurrent classifier for a few epochs, saves it to ``models/sentlstm_rt.pt``,
writes ``results/metrics.json`` and draws the reliability diagram to
``results/reliability.png``.

Usage:
    python scripts/train_sample.py --epochs 12
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from sentlstm.calibration import plot_reliability_diagram
from sentlstm.data import build_dataset, load_csv
from sentlstm.models import LSTMClassifier
from sentlstm.predict import SentimentClassifier
from sentlstm.tokenizer import Vocabulary
from sentlstm.train import Trainer, set_seed

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    cli = argparse.ArgumentParser(description=__doc__)
    cli.add_argument("--epochs", type=int, default=12)
    cli.add_argument("--embed-dim", type=int, default=64)
    cli.add_argument("--hidden-dim", type=int, default=64)
    cli.add_argument("--seed", type=int, default=0)
    cli.add_argument("--data-dir", default=str(ROOT / "data"))
    cli.add_argument("--model-out", default=str(ROOT / "models" / "sentlstm_rt.pt"))
    cli.add_argument("--results-dir", default=str(ROOT / "results"))
    opts = cli.parse_args()

    set_seed(opts.seed)
    data_dir = Path(opts.data_dir)
    tr_texts, tr_labels = load_csv(data_dir / "sample_train.csv")
    te_texts, te_labels = load_csv(data_dir / "sample_test.csv")

    vocab = Vocabulary().build(tr_texts, min_freq=2)
    tr_set = build_dataset(tr_texts, tr_labels, vocab)
    te_set = build_dataset(te_texts, te_labels, vocab)
    print(f"vocab={len(vocab)}  train={len(tr_set)}  test={len(te_set)}")

    net = LSTMClassifier(len(vocab), embed_dim=opts.embed_dim, hidden_dim=opts.hidden_dim)
    trainer = Trainer(net, lr=1e-3, weight_decay=1e-4)
    trainer.fit(tr_set, te_set, epochs=opts.epochs, batch_size=32, verbose=True)

    clf = SentimentClassifier(net, vocab, labels=("negative", "positive"))
    probs = clf.predict_proba(te_texts)
    gold = np.asarray(te_labels)
    acc = float((probs.argmax(axis=1) == gold).mean())

    out_dir = Path(opts.results_dir)
    curve = plot_reliability_diagram(probs, gold, out_dir / "reliability.png", n_bins=10)

    net_file = Path(opts.model_out)
    net_file.parent.mkdir(parents=True, exist_ok=True)
    clf.save(net_file)
    kb = net_file.stat().st_size / 1024

    metrics = {
        "dataset": "movie_review_sample",
        "train_size": len(tr_set),
        "test_size": len(te_set),
        "vocab_size": len(vocab),
        "epochs": opts.epochs,
        "embed_dim": opts.embed_dim,
        "hidden_dim": opts.hidden_dim,
        "seed": opts.seed,
        "test_accuracy": round(acc, 4),
        "expected_calibration_error": round(curve.ece, 4),
        "mean_confidence": round(float(probs.max(axis=1).mean()), 4),
        "model_file": net_file.name,
        "model_size_kb": round(kb, 1),
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")

    print(f"\ntest accuracy = {acc:.4f}   ECE = {curve.ece:.4f}")
    print(f"network -> {net_file} ({kb:.1f} KB)")
    print(f"results -> {out_dir}/metrics.json, {out_dir}/reliability.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
