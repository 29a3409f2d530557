# source: https://github.com/huggingface/transformers/blob/0310c247aafa21ef0567787645656d0ef1d42cf9/examples/pytorch/text-classification/run_glue_no_trainer.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse
import math
import random

from datasets import load_dataset, load_metric
from torch.utils.data.dataloader import DataLoader
from accelerate import Accelerator
from transformers import (
    AdamW,
    AutoConfig,
    AutoModelForSequenceClassification,
    AutoTokenizer,
    DataCollatorWithPadding,
    PretrainedConfig,
    default_data_collator,
    get_scheduler,
    set_seed,
)

glue_columns = {
    "cola": ("sentence", None), "mnli": ("premise", "hypothesis"), "mrpc": ("sentence1", "sentence2"),
    "qnli": ("question", "sentence"), "qqp": ("question1", "question2"), "rte": ("sentence1", "sentence2"),
    "sst2": ("sentence", None), "stsb": ("sentence1", "sentence2"), "wnli": ("sentence1", "sentence2"),
}


def get_options():
    p = argparse.ArgumentParser()
    p.add_argument("--task_name", type=str, default=None, choices=list(glue_columns.keys()))
    p.add_argument("--train_file", type=str, default=None)
    p.add_argument("--validation_file", type=str, default=None)
    p.add_argument("--max_length", type=int, default=128)
    p.add_argument("--pad_to_max_length", action="store_true")
    p.add_argument("--model_name_or_path", type=str, required=True)
    p.add_argument("--use_slow_tokenizer", action="store_true")
    p.add_argument("--per_device_train_batch_size", type=int, default=8)
    p.add_argument("--per_device_eval_batch_size", type=int, default=8)
    p.add_argument("--learning_rate", type=float, default=5e-5)
    p.add_argument("--weight_decay", type=float, default=0.0)
    p.add_argument("--num_train_epochs", type=int, default=3)
    p.add_argument("--max_train_steps", type=int, default=None)
    p.add_argument("--gradient_accumulation_steps", type=int, default=1)
    p.add_argument("--lr_scheduler_type", type=str, default="linear")
    p.add_argument("--num_warmup_steps", type=int, default=0)
    p.add_argument("--output_dir", type=str, default=None)
    p.add_argument("--seed", type=int, default=None)
    return p.parse_args()


def main():
    opt = get_options()
    accelerator = Accelerator()
    if opt.seed is not None:
        set_seed(opt.seed)

    if opt.task_name is not None:
        raw = load_dataset("glue", opt.task_name)
    else:
        files = {}
        if opt.train_file is not None:
            files["train"] = opt.train_file
        if opt.validation_file is not None:
            files["validation"] = opt.validation_file
        raw = load_dataset(opt.train_file.split(".")[-1], data_files=files)

    if opt.task_name is not None:
        regression = opt.task_name == "stsb"
        if not regression:
            label_names = raw["train"].features["label"].names
            n_labels = len(label_names)
        else:
            n_labels = 1
    else:
        regression = raw["train"].features["label"].dtype in ["float32", "float64"]
        if regression:
            n_labels = 1
        else:
            label_names = raw["train"].unique("label")
            label_names.sort()
            n_labels = len(label_names)

    config = AutoConfig.from_pretrained(opt.model_name_or_path, num_labels=n_labels, finetuning_task=opt.task_name)
    tokenizer = AutoTokenizer.from_pretrained(opt.model_name_or_path, use_fast=not opt.use_slow_tokenizer)
    model = AutoModelForSequenceClassification.from_pretrained(
        opt.model_name_or_path, from_tf=bool(".ckpt" in opt.model_name_or_path), config=config)

    if opt.task_name is not None:
        first_key, second_key = glue_columns[opt.task_name]
    else:
        text_cols = [c for c in raw["train"].column_names if c != "label"]
        if "sentence1" in text_cols and "sentence2" in text_cols:
            first_key, second_key = "sentence1", "sentence2"
        elif len(text_cols) >= 2:
            first_key, second_key = text_cols[:2]
        else:
            first_key, second_key = text_cols[0], None

    label_map = None
    if (model.config.label2id != PretrainedConfig(num_labels=n_labels).label2id
            and opt.task_name is not None and not regression):
        lowered = {k.lower(): v for k, v in model.config.label2id.items()}
        if list(sorted(lowered.keys())) == list(sorted(label_names)):
            label_map = {i: lowered[label_names[i]] for i in range(n_labels)}
    elif opt.task_name is None:
        label_map = {v: i for i, v in enumerate(label_names)}

    pad_mode = "max_length" if opt.pad_to_max_length else False

    def encode(batch):
        texts = (batch[first_key],) if second_key is None else (batch[first_key], batch[second_key])
        enc = tokenizer(*texts, padding=pad_mode, max_length=opt.max_length, truncation=True)
        if "label" in batch:
            if label_map is not None:
                enc["labels"] = [label_map[l] for l in batch["label"]]
            else:
                enc["labels"] = batch["label"]
        return enc

    encoded = raw.map(encode, batched=True, remove_columns=raw["train"].column_names)
    train_split = encoded["train"]
    eval_split = encoded["validation_matched" if opt.task_name == "mnli" else "validation"]

    if opt.pad_to_max_length:
        collate = default_data_collator
    else:
        collate = DataCollatorWithPadding(tokenizer, pad_to_multiple_of=(8 if accelerator.use_fp16 else None))

    train_loader = DataLoader(train_split, shuffle=True, collate_fn=collate, batch_size=opt.per_device_train_batch_size)
    eval_loader = DataLoader(eval_split, collate_fn=collate, batch_size=opt.per_device_eval_batch_size)

    skip_decay = ["bias", "LayerNorm.weight"]
    groups = [
        {"params": [p for n, p in model.named_parameters() if not any(s in n for s in skip_decay)],
         "weight_decay": opt.weight_decay},
        {"params": [p for n, p in model.named_parameters() if any(s in n for s in skip_decay)],
         "weight_decay": 0.0},
    ]
    optimizer = AdamW(groups, lr=opt.learning_rate)
    model, optimizer, train_loader, eval_loader = accelerator.prepare(model, optimizer, train_loader, eval_loader)

    updates_per_epoch = math.ceil(len(train_loader) / opt.gradient_accumulation_steps)
    if opt.max_train_steps is None:
        opt.max_train_steps = opt.num_train_epochs * updates_per_epoch
    else:
        opt.num_train_epochs = math.ceil(opt.max_train_steps / updates_per_epoch)
    scheduler = get_scheduler(name=opt.lr_scheduler_type, optimizer=optimizer,
                              num_warmup_steps=opt.num_warmup_steps, num_training_steps=opt.max_train_steps)
    metric = load_metric("glue", opt.task_name) if opt.task_name is not None else load_metric("accuracy")

    done_steps = 0
    for epoch in range(opt.num_train_epochs):
        model.train()
        for step, batch in enumerate(train_loader):
            out = model(**batch)
            loss = out.loss / opt.gradient_accumulation_steps
            accelerator.backward(loss)
            if step % opt.gradient_accumulation_steps == 0 or step == len(train_loader) - 1:
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
                done_steps += 1
            if done_steps >= opt.max_train_steps:
                break

        model.eval()
        for step, batch in enumerate(eval_loader):
            out = model(**batch)
            predicted = out.logits.argmax(dim=-1)
            metric.add_batch(predictions=accelerator.gather(predicted), references=accelerator.gather(batch["labels"]))
        epoch_scores = metric.compute()

    if opt.output_dir is not None:
        accelerator.wait_for_everyone()
        accelerator.unwrap_model(model).save_pretrained(opt.output_dir, save_function=accelerator.save)

    if opt.task_name == "mnli":
        mm_loader = DataLoader(encoded["validation_mismatched"], collate_fn=collate,
                               batch_size=opt.per_device_eval_batch_size)
        mm_loader = accelerator.prepare(mm_loader)
        model.eval()
        for step, batch in enumerate(mm_loader):
            out = model(**batch)
            predicted = out.logits.argmax(dim=-1)
            metric.add_batch(predictions=accelerator.gather(predicted), references=accelerator.gather(batch["labels"]))
        mm_scores = metric.compute()


if __name__ == "__main__":
    main()
