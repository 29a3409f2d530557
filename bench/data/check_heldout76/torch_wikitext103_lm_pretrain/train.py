# Language-model pretraining of a small transformer with ignite.
# Re-expressed for a check set; see labels.json for the original's address.
import logging
import math
import os
from argparse import ArgumentParser
from pprint import pformat

import torch
from torch.nn.parallel import DistributedDataParallel
from torch.optim import Adam
from torch.utils.data import DataLoader, TensorDataset

from ignite.contrib.handlers import CosineAnnealingScheduler, create_lr_scheduler_with_warmup
from ignite.engine import Engine, Events
from ignite.metrics import Loss, MetricsLambda

from pytorch_pretrained_bert import BertTokenizer

from pretraining_model import TransformerWithLMHead
from utils import fetch_and_encode_corpus, mean_over_ranks, attach_logging_and_checkpoints, WEIGHTS_NAME

log = logging.getLogger(__file__)

def build_loaders(args, tokenizer):
    """ Train and validation loaders over fixed-length blocks """
    corpus = fetch_and_encode_corpus(tokenizer, args.dataset_path, args.dataset_cache)

    log.info("Turning id lists into tensors of blocks of the context length")
    for split in ['train', 'valid']:
        ids = torch.tensor(corpus[split], dtype=torch.long)
        usable = (ids.size(0) // args.num_max_positions) * args.num_max_positions
        corpus[split] = ids.narrow(0, 0, usable).view(-1, args.num_max_positions)

    log.info("Building loaders")
    train_sampler = torch.utils.data.distributed.DistributedSampler(corpus['train']) if args.distributed else None
    valid_sampler = torch.utils.data.distributed.DistributedSampler(corpus['valid']) if args.distributed else None
    train_loader = DataLoader(corpus['train'], sampler=train_sampler, batch_size=args.train_batch_size, shuffle=(not args.distributed))
    valid_loader = DataLoader(corpus['valid'], sampler=valid_sampler, batch_size=args.valid_batch_size, shuffle=False)

    log.info("Train blocks (count, length): {}".format(corpus['train'].shape))
    log.info("Valid blocks (count, length): {}".format(corpus['valid'].shape))
    return train_loader, valid_loader, train_sampler, valid_sampler, corpus['train_num_words'], corpus['valid_num_words']


def run():
    ap = ArgumentParser()
    ap.add_argument("--dataset_path", type=str, default='wikitext-2', help="'wikitext-103', 'wikitext-2' or a folder with train/valid text.")
    ap.add_argument("--dataset_cache", type=str, default='./dataset_cache', help="Where the encoded corpus is cached")

    ap.add_argument("--embed_dim", type=int, default=410, help="Embedding size")
    ap.add_argument("--hidden_dim", type=int, default=2100, help="Feed-forward size")
    ap.add_argument("--num_max_positions", type=int, default=256, help="Context length")
    ap.add_argument("--num_heads", type=int, default=10, help="Attention heads")
    ap.add_argument("--num_layers", type=int, default=16, help="Transformer layers")
    ap.add_argument("--dropout", type=float, default=0.1, help="Dropout")
    ap.add_argument("--initializer_range", type=float, default=0.02, help="Std of the normal init")
    ap.add_argument("--sinusoidal_embeddings", action="store_true", help="Fixed sinusoidal positions")

    ap.add_argument("--mlm", action="store_true", help="Masked LM objective instead of left-to-right LM")
    ap.add_argument("--mlm_probability", type=float, default=0.15, help="Fraction of tokens to mask")

    ap.add_argument("--train_batch_size", type=int, default=8, help="Train batch size")
    ap.add_argument("--valid_batch_size", type=int, default=8, help="Validation batch size")
    ap.add_argument("--lr", type=float, default=2.5e-4, help="Peak learning rate")
    ap.add_argument("--max_norm", type=float, default=0.25, help="Gradient clipping norm")
    ap.add_argument("--weight_decay", type=float, default=0.0, help="Weight decay")
    ap.add_argument("--n_epochs", type=int, default=200, help="Epochs")
    ap.add_argument("--n_warmup", type=int, default=1000, help="Warm-up iterations")
    ap.add_argument("--eval_every", type=int, default=-1, help="Validate every N iterations (-1: once per epoch)")
    ap.add_argument("--gradient_accumulation_steps", type=int, default=1, help="Gradient accumulation")

    ap.add_argument("--device", type=str, default="cuda" if torch.cuda.is_available() else "cpu", help="cuda or cpu")
    ap.add_argument("--local_rank", type=int, default=-1, help="Rank for distributed runs (-1: single process)")
    args = ap.parse_args()

    # rank 0 logs at INFO, the others only warnings
    logging.basicConfig(level=logging.INFO if args.local_rank in [-1, 0] else logging.WARN)
    log.warning("Process %d starting", args.local_rank)  # every rank prints this
    log.info("Arguments: %s", pformat(args))  # only rank 0 prints this

    # distributed set-up when launched with a rank
    args.distributed = (args.local_rank != -1)
    if args.distributed:
        torch.cuda.set_device(args.local_rank)
        args.device = torch.device("cuda", args.local_rank)
        torch.distributed.init_process_group(backend='nccl', init_method='env://')

    log.info("Tokenizer, model, optimizer")
    tokenizer = BertTokenizer.from_pretrained('bert-base-cased', do_lower_case=False)  # reuse a ready-made wordpiece vocabulary
    args.num_embeddings = len(tokenizer.vocab)  # the model needs the vocabulary size
    model = TransformerWithLMHead(args)
    model.to(args.device)
    optimizer = Adam(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    log.info("Trainable parameters: %s", sum(p.numel() for p in model.parameters() if p.requires_grad))

    # wrap for DDP when distributed
    if args.distributed:
        model = DistributedDataParallel(model, device_ids=[args.local_rank], output_device=args.local_rank)

    log.info("Data")
    train_loader, val_loader, train_sampler, valid_sampler, train_num_words, valid_num_words = build_loaders(args, tokenizer)

    # masking for MLM: 80% [MASK], 10% random id, 10% unchanged
    def apply_mask(inputs):
        labels = inputs.clone()
        picked = torch.bernoulli(torch.full(labels.shape, args.mlm_probability)).byte()
        labels[~picked] = -1                            # loss only on the picked positions
        to_mask = torch.bernoulli(torch.full(labels.shape, 0.8)).byte() & picked
        inputs[to_mask] = tokenizer.vocab["[MASK]"]    # most picked positions become [MASK]
        to_random = torch.bernoulli(torch.full(labels.shape, 0.5)).byte() & picked & ~to_mask
        random_ids = torch.randint(args.num_embeddings, labels.shape, dtype=torch.long, device=args.device)
        inputs[to_random] = random_ids[to_random]   # some become a random id
        return inputs, labels

    # one optimisation step
    def step(engine, batch):
        model.train()
        inputs = batch.transpose(0, 1).contiguous().to(args.device)  # [length, batch]
        inputs, labels = apply_mask(inputs) if args.mlm else (inputs, inputs)  # MLM or plain LM targets
        logits, loss = model(inputs, labels=labels)
        loss = loss / args.gradient_accumulation_steps
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_norm)
        if engine.state.iteration % args.gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
        return loss.item()
    trainer = Engine(step)

    # one evaluation step (its output feeds the metrics)
    def eval_step(engine, batch):
        model.eval()
        with torch.no_grad():
            inputs = batch.transpose(0, 1).contiguous().to(args.device)  # [length, batch]
            inputs, labels = apply_mask(inputs) if args.mlm else (inputs, inputs)  # MLM or plain LM targets
            logits = model(inputs)
            shifted_logits = logits[:-1] if not args.mlm else logits
            shifted_labels = labels[1:] if not args.mlm else labels
            return shifted_logits.view(-1, logits.size(-1)), shifted_labels.view(-1)
    evaluator = Engine(eval_step)

    # validate after each epoch, and every eval_every iterations when set
    trainer.add_event_handler(Events.EPOCH_COMPLETED, lambda _: evaluator.run(val_loader))
    if args.eval_every > 0:
        trainer.add_event_handler(Events.ITERATION_COMPLETED,
                lambda engine: evaluator.run(val_loader) if engine.state.iteration % args.eval_every == 0 else None)
    if args.n_epochs < 1:
        trainer.add_event_handler(Events.COMPLETED, lambda _: evaluator.run(val_loader))

    # reshuffle the distributed samplers every epoch
    if args.distributed:
        trainer.add_event_handler(Events.EPOCH_STARTED, lambda engine: train_sampler.set_epoch(engine.state.epoch))
        evaluator.add_event_handler(Events.EPOCH_STARTED, lambda engine: valid_sampler.set_epoch(engine.state.epoch))

    # linear warm-up, then cosine decay to zero
    cosine = CosineAnnealingScheduler(optimizer, 'lr', args.lr, 0.0, len(train_loader) * args.n_epochs)
    sched = create_lr_scheduler_with_warmup(cosine, 0.0, args.lr, args.n_warmup)
    trainer.add_event_handler(Events.ITERATION_STARTED, sched)

    # metrics, averaged over ranks
    metrics = {"nll": Loss(torch.nn.CrossEntropyLoss(ignore_index=-1))}
    metrics.update({"average_nll": MetricsLambda(mean_over_ranks, metrics["nll"], args)})
    metrics["average_ppl"] = MetricsLambda(math.exp, metrics["average_nll"])
    # word-level perplexity from the sub-word one
    metrics["average_word_ppl"] = MetricsLambda(lambda x: math.exp(x * val_loader.dataset.numel() / valid_num_words), metrics["average_nll"])
    for key, metric in metrics.items():
        metric.attach(evaluator, key)

    # rank 0: progress bar, tensorboard, checkpoints, saved arguments
    if args.local_rank in [-1, 0]:
        saver, tb = attach_logging_and_checkpoints(trainer, evaluator, metrics, model, optimizer, args)

    # train
    trainer.run(train_loader, max_epochs=args.n_epochs)

    # rank 0: close tensorboard
    if args.local_rank in [-1, 0] and args.n_epochs > 0:
        tb.close()


if __name__ == "__main__":
    run()
