# Helpers for the language-model pretraining script.
# Re-expressed for a check set; see labels.json for the original's address.
import logging
import os
from tqdm import tqdm
from pprint import pformat

import torch

from ignite.engine import Engine, Events
from ignite.handlers import ModelCheckpoint
from ignite.metrics import RunningAverage
from ignite.contrib.handlers import ProgressBar
from ignite.contrib.handlers.tensorboard_logger import OptimizerParamsHandler, OutputHandler, TensorboardLogger

from pytorch_pretrained_bert import cached_path

CORPUS_FILES = {
    'wikitext-2':   {'train': "https://s3.amazonaws.com/datasets.huggingface.co/wikitext-2/train.txt",
                     'valid': "https://s3.amazonaws.com/datasets.huggingface.co/wikitext-2/valid.txt"},
    'wikitext-103': {'train': "https://s3.amazonaws.com/datasets.huggingface.co/wikitext-103/wiki.train.tokens",
                     'valid': "https://s3.amazonaws.com/datasets.huggingface.co/wikitext-103/wiki.valid.tokens"},
    'simplebooks-2-raw': {'train': "https://s3.amazonaws.com/datasets.huggingface.co/simplebooks-2-raw/train.txt",
                          'valid': "https://s3.amazonaws.com/datasets.huggingface.co/simplebooks-2-raw/valid.txt"},
    'simplebooks-92-raw': {'train': "https://s3.amazonaws.com/datasets.huggingface.co/simplebooks-92-raw/train.txt",
                           'valid': "https://s3.amazonaws.com/datasets.huggingface.co/simplebooks-92-raw/valid.txt"},
    'imdb': {'train': "https://s3.amazonaws.com/datasets.huggingface.co/aclImdb/train.txt",
             'test': "https://s3.amazonaws.com/datasets.huggingface.co/aclImdb/test.txt"},
    'trec': {'train': "https://s3.amazonaws.com/datasets.huggingface.co/trec/train.txt",
             'test': "https://s3.amazonaws.com/datasets.huggingface.co/trec/test.txt"},
    }

LABEL_FILES = {
    'imdb': {'train': "https://s3.amazonaws.com/datasets.huggingface.co/aclImdb/train.labels.txt",
             'test': "https://s3.amazonaws.com/datasets.huggingface.co/aclImdb/test.labels.txt"},
    'trec': {'train': "https://s3.amazonaws.com/datasets.huggingface.co/trec/train.labels.txt",
             'test': "https://s3.amazonaws.com/datasets.huggingface.co/trec/test.labels.txt"},
    }

LABEL_IDS = {
    'imdb':         {'pos': 0, 'neg': 1},
    'trec':         {'NUM': 0, 'LOC': 1, 'HUM': 2, 'DESC': 3, 'ENTY': 4, 'ABBR': 5},
    }

PRETRAINED_ROOT = "https://s3.amazonaws.com/models.huggingface.co/naacl-2019-tutorial/"

WEIGHTS_NAME = 'model_checkpoint.pth'
CONFIG_NAME = 'model_training_args.bin'

log = logging.getLogger(__file__)


def mean_over_ranks(value, args):
    """ Mean of a python number over all ranks (used for distributed evaluation). """
    if args.local_rank == -1:
        return value
    t = torch.tensor(value, dtype=torch.float, device=args.device) / torch.distributed.get_world_size()
    torch.distributed.all_reduce(t, op=torch.distributed.ReduceOp.SUM)
    return t.item()


def pad_rows(rows, padding=0, to_left=True):
    """ Pad a list of lists on the left or right to equal length. """
    longest = max(len(r) for r in rows)
    rows = [(r if to_left else []) + [padding] * (longest - len(r)) + ([] if to_left else r) for r in rows]
    return rows


def attach_logging_and_checkpoints(trainer, evaluator, metrics, model, optimizer, args, prefix=""):
    """ Progress bar, tensorboard logging, checkpointing and saving of the run arguments. """
    # running mean of the loss on the bar
    RunningAverage(output_transform=lambda x: x).attach(trainer, prefix + "loss")
    bar = ProgressBar(persist=True)
    bar.attach(trainer, metric_names=[prefix + "loss"])
    evaluator.add_event_handler(Events.COMPLETED, lambda _: bar.log_message("Validation: %s" % pformat(evaluator.state.metrics)))

    # tensorboard for train loss, lr and eval metrics
    tb = TensorboardLogger(log_dir=None)
    tb.attach(trainer, log_handler=OutputHandler(tag="training", metric_names=[prefix + "loss"]),
                              event_name=Events.ITERATION_COMPLETED)
    tb.attach(trainer, log_handler=OptimizerParamsHandler(optimizer),
                              event_name=Events.ITERATION_STARTED)
    @evaluator.on(Events.COMPLETED)
    def write_eval_metrics(engine):
        for key in metrics.keys():
            tb.writer.add_scalar(key, engine.state.metrics[key], trainer.state.iteration)

    # one checkpoint per epoch (unwrap DDP if present)
    saver = ModelCheckpoint(tb.writer.log_dir, 'checkpoint', save_interval=1, n_saved=3)
    trainer.add_event_handler(Events.EPOCH_COMPLETED, saver, {'mymodel': getattr(model, 'module', model)})

    # keep the run arguments
    torch.save(args, os.path.join(tb.writer.log_dir, CONFIG_NAME))

    return saver, tb


def fetch_and_encode_corpus(tokenizer, dataset_dir='wikitext-103', dataset_cache=None, with_labels=False):
    """ Download (or read), tokenize, encode and cache a corpus, with labels when asked """
    if dataset_cache and os.path.isfile(dataset_cache):
        log.info("Reading encoded corpus from cache %s", dataset_cache)
        encoded = torch.load(dataset_cache)
    else:
        # known names map to urls; otherwise expect train.txt and valid.txt in the folder
        if dataset_dir in CORPUS_FILES:
            split_files = CORPUS_FILES[dataset_dir]
        else:
            split_files = {'train': os.path.join(dataset_dir, 'train.txt'),
                           'valid': os.path.join(dataset_dir, 'valid.txt')}

        log.info("Reading corpus from %s", dataset_dir)
        # read every split and swap a few markers for the BERT vocabulary
        raw = {}
        for split in split_files.keys():
            local = cached_path(split_files[split])
            with open(local, "r", encoding="utf-8") as fh:
                lines = fh.readlines()
                raw[split] = [
                        ln.strip(' ').replace('<unk>', '[UNK]').replace('\n', '[SEP]' if not with_labels else '')
                        for ln in tqdm(lines)]

        # labels as integers, when the task has them
        label_lists = {}
        if with_labels:
            to_id = LABEL_IDS[dataset_dir]
            for split in LABEL_FILES[dataset_dir]:
                local = cached_path(split_files['labels'][split])
                with open(local, "r", encoding="utf-8") as fh:
                    lines = fh.readlines()
                    label_lists[split] = [to_id[ln.strip()] for ln in tqdm(lines)]

        # wordpiece ids
        log.info("Tokenizing the corpus")
        logging.getLogger("pytorch_pretrained_bert.tokenization").setLevel(logging.ERROR)  # silence length warnings
        def to_ids(obj):
            if isinstance(obj, str):
                return tokenizer.convert_tokens_to_ids(tokenizer.tokenize(obj))
            if isinstance(obj, dict):
                return dict((k, to_ids(v)) for k, v in obj.items())
            return list(to_ids(v) for v in tqdm(obj))
        encoded = to_ids(raw)

        # attach labels, or for LM flatten every split into one id list and count words for word-level ppl
        for split in ['train', 'valid']:
            if with_labels:
                encoded[split + '_labels'] = label_lists[split]
            else:
                encoded[split] = [t for ln in encoded[split] for t in ln]
                encoded[split + '_num_words'] = sum(len(ln.split(' ')) for ln in raw[split])

        # write the cache
        if dataset_cache:
            log.info("Writing encoded corpus cache to %s", dataset_cache)
            torch.save(encoded, dataset_cache)

    return encoded
