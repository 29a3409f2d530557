# source: https://github.com/huggingface/transformers/blob/3c354ea20e347edb9413ada30911e9fdc242719d/examples/pytorch/language-modeling/run_clm_no_trainer.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (argument parsing, hub pushing and logging are reduced to a small settings object)
import math
import os
import random
from types import SimpleNamespace

import torch
from accelerate import Accelerator, DistributedType
from datasets import load_dataset
from torch.optim import AdamW
from torch.utils.data import DataLoader
from tqdm.auto import tqdm
from transformers import (
    AutoConfig,
    AutoModelForCausalLM,
    AutoTokenizer,
    default_data_collator,
    get_scheduler,
    set_seed,
)

cfg = SimpleNamespace(
    dataset_name="wikitext",
    dataset_config_name="wikitext-2-raw-v1",
    validation_split_percentage=5,
    model_name_or_path="gpt2",
    per_device_train_batch_size=8,
    per_device_eval_batch_size=8,
    learning_rate=5e-5,
    weight_decay=0.0,
    num_train_epochs=3,
    max_train_steps=None,
    gradient_accumulation_steps=1,
    lr_scheduler_type="linear",
    num_warmup_steps=0,
    output_dir="./clm_out",
    seed=42,
    block_size=None,
    preprocessing_num_workers=None,
    overwrite_cache=False,
)


def main():
    accelerator = Accelerator()
    set_seed(cfg.seed)
    os.makedirs(cfg.output_dir, exist_ok=True)
    accelerator.wait_for_everyone()

    raw = load_dataset(cfg.dataset_name, cfg.dataset_config_name)
    if "validation" not in raw.keys():
        raw["validation"] = load_dataset(cfg.dataset_name, cfg.dataset_config_name,
                                         split=f"train[:{cfg.validation_split_percentage}%]")
        raw["train"] = load_dataset(cfg.dataset_name, cfg.dataset_config_name,
                                    split=f"train[{cfg.validation_split_percentage}%:]")

    config = AutoConfig.from_pretrained(cfg.model_name_or_path)
    tokenizer = AutoTokenizer.from_pretrained(cfg.model_name_or_path, use_fast=True)
    model = AutoModelForCausalLM.from_pretrained(cfg.model_name_or_path, from_tf=bool(".ckpt" in cfg.model_name_or_path), config=config)
    model.resize_token_embeddings(len(tokenizer))

    columns = raw["train"].column_names
    text_col = "text" if "text" in columns else columns[0]

    def tokenize(examples):
        return tokenizer(examples[text_col])

    with accelerator.main_process_first():
        tokenized = raw.map(tokenize, batched=True, num_proc=cfg.preprocessing_num_workers, remove_columns=columns,
                            load_from_cache_file=not cfg.overwrite_cache)

    if cfg.block_size is None:
        block = tokenizer.model_max_length
        if block > 1024:
            block = 1024
    else:
        block = min(cfg.block_size, tokenizer.model_max_length)

    def pack(examples):
        joined = {k: sum(examples[k], []) for k in examples.keys()}
        total = len(joined[list(examples.keys())[0]])
        if total >= block:
            total = (total // block) * block
        out = {k: [t[i:i + block] for i in range(0, total, block)] for k, t in joined.items()}
        out["labels"] = out["input_ids"].copy()
        return out

    with accelerator.main_process_first():
        packed = tokenized.map(pack, batched=True, num_proc=cfg.preprocessing_num_workers,
                               load_from_cache_file=not cfg.overwrite_cache)

    train_set = packed["train"]
    eval_set = packed["validation"]
    for index in random.sample(range(len(train_set)), 3):
        print(index, train_set[index])

    train_loader = DataLoader(train_set, shuffle=True, collate_fn=default_data_collator, batch_size=cfg.per_device_train_batch_size)
    eval_loader = DataLoader(eval_set, collate_fn=default_data_collator, batch_size=cfg.per_device_eval_batch_size)

    no_decay = ["bias", "LayerNorm.weight"]
    groups = [
        {"params": [p for n, p in model.named_parameters() if not any(nd in n for nd in no_decay)], "weight_decay": cfg.weight_decay},
        {"params": [p for n, p in model.named_parameters() if any(nd in n for nd in no_decay)], "weight_decay": 0.0},
    ]
    optimizer = AdamW(groups, lr=cfg.learning_rate)

    model, optimizer, train_loader, eval_loader = accelerator.prepare(model, optimizer, train_loader, eval_loader)
    if accelerator.distributed_type == DistributedType.TPU:
        model.tie_weights()

    updates_per_epoch = math.ceil(len(train_loader) / cfg.gradient_accumulation_steps)
    if cfg.max_train_steps is None:
        cfg.max_train_steps = cfg.num_train_epochs * updates_per_epoch
    else:
        cfg.num_train_epochs = math.ceil(cfg.max_train_steps / updates_per_epoch)

    scheduler = get_scheduler(name=cfg.lr_scheduler_type, optimizer=optimizer,
                              num_warmup_steps=cfg.num_warmup_steps, num_training_steps=cfg.max_train_steps)

    bar = tqdm(range(cfg.max_train_steps), disable=not accelerator.is_local_main_process)
    done = 0
    for epoch in range(cfg.num_train_epochs):
        model.train()
        for step, batch in enumerate(train_loader):
            outputs = model(**batch)
            loss = outputs.loss
            loss = loss / cfg.gradient_accumulation_steps
            accelerator.backward(loss)
            if step % cfg.gradient_accumulation_steps == 0 or step == len(train_loader) - 1:
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
                bar.update(1)
                done += 1
            if done >= cfg.max_train_steps:
                break

        model.eval()
        losses = []
        for step, batch in enumerate(eval_loader):
            with torch.no_grad():
                outputs = model(**batch)
            loss = outputs.loss
            losses.append(accelerator.gather(loss.repeat(cfg.per_device_eval_batch_size)))

        losses = torch.cat(losses)
        losses = losses[: len(eval_set)]
        try:
            perplexity = math.exp(torch.mean(losses))
        except OverflowError:
            perplexity = float("inf")
        print(epoch, perplexity)

    accelerator.wait_for_everyone()
    unwrapped = accelerator.unwrap_model(model)
    unwrapped.save_pretrained(cfg.output_dir, save_function=accelerator.save)
    if accelerator.is_main_process:
        tokenizer.save_pretrained(cfg.output_dir)


if __name__ == "__main__":
    main()
