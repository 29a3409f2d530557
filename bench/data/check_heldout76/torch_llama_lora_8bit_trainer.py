import argparse
import os
import math
from dataclasses import dataclass, field
import tqdm.auto as tqdm
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset

import datasets
import transformers
from transformers import (
    HfArgumentParser,
    Trainer,
    TrainingArguments,
)
from peft import (
    get_peft_model,
    LoraConfig,
    PrefixTuningConfig,
    PromptEncoderConfig,
    PromptTuningConfig,
    TaskType,
)


@dataclass
class RunPaths:
    dataset_path: str = field()
    model_path: str = field()


@dataclass
class AdapterOpts:
    peft_mode: str = field(default="lora")
    lora_rank: int = field(default=8)
    num_virtual_tokens: int = field(default=32)  # virtual tokens for prompt / prefix / p-tuning
    mapping_hidden_dim: int = field(default=1024)


def build_adapter_config(adapter_opts: AdapterOpts, dtype):
    if adapter_opts.peft_mode == "lora":
        cfg = LoraConfig(
            task_type=TaskType.CAUSAL_LM, inference_mode=False,
            r=adapter_opts.lora_rank,
            lora_alpha=32, lora_dropout=0.1,
            dtype=dtype,
        )
    elif adapter_opts.peft_mode == "prefix":
        cfg = PrefixTuningConfig(
            task_type=TaskType.CAUSAL_LM,
            num_virtual_tokens=adapter_opts.num_virtual_tokens,
            encoder_hidden_size=adapter_opts.mapping_hidden_dim,
            prefix_projection=True,
            dtype=dtype,
        )
    elif adapter_opts.peft_mode == "ptuning":
        cfg = PromptEncoderConfig(
            task_type=TaskType.CAUSAL_LM,
            num_virtual_tokens=adapter_opts.num_virtual_tokens,
            encoder_hidden_size=adapter_opts.mapping_hidden_dim,
            dtype=dtype,
        )
    elif adapter_opts.peft_mode == "prompt":
        cfg = PromptTuningConfig(
            task_type=TaskType.CAUSAL_LM,
            num_virtual_tokens=adapter_opts.num_virtual_tokens,
            dtype=dtype,
        )
    else:
        raise KeyError(adapter_opts.peft_mode)
    return cfg


class FloatHead(nn.Sequential):
    def forward(self, x): return super().forward(x).to(torch.float32)


def trainable_state(net):
    grad_flags = {name: p.requires_grad for name, p in net.named_parameters()}
    return {
        name: tensor
        for name, tensor in net.state_dict().items()
        if name in grad_flags and grad_flags[name]
    }


class AdapterTrainer(Trainer):

    def compute_loss(self, model, inputs, return_outputs=False):
        result = model(
            input_ids=inputs["input_ids"],
            attention_mask=torch.ones_like(inputs["input_ids"]),
            labels=inputs["input_ids"],  # the HF model shifts the labels itself
        )
        if return_outputs:
            return result.loss, result
        else:
            return result.loss

    def _save(self, output_dir: Optional[str] = None, state_dict=None):
        # only process zero reaches this method
        output_dir = output_dir if output_dir is not None else self.args.output_dir
        os.makedirs(output_dir, exist_ok=True)
        torch.save(
            trainable_state(self.model),
            os.path.join(output_dir, f"checkpoint.p"),
        )

        # keep the run arguments next to the weights
        torch.save(self.args, os.path.join(output_dir, "training_args.bin"))


def stack_batch(rows: list) -> dict:
    return {
        "input_ids": torch.stack([
            torch.LongTensor(r["input_ids"])
            for r in rows
        ])
    }


def dump_trainable(net, dest):
    kept = {
        name: p.to("cpu")
        for name, p in net.named_parameters()
        if p.requires_grad
    }
    torch.save(kept, dest)


def run():
    paths, adapter_opts, train_opts = HfArgumentParser((
        RunPaths,
        AdapterOpts,
        TrainingArguments,
    )).parse_args_into_dataclasses()

    print("Loading tokenized data")
    train_ds = datasets.load_from_disk(paths.dataset_path)

    print("Loading base model")
    net = transformers.LlamaForCausalLM.from_pretrained(
        paths.model_path,
        load_in_8bit=True,
        device_map="auto",
    )
    net.gradient_checkpointing_enable()
    net.enable_input_require_grads()
    net.lm_head = FloatHead(net.lm_head)
    net.config.use_cache = False  # turn back on for generation

    print("Wrapping with adapter")
    adapter_cfg = build_adapter_config(adapter_opts=adapter_opts, dtype=torch.float16)
    net = get_peft_model(net, adapter_cfg)
    net = net.cuda()

    print("Training")
    trainer = AdapterTrainer(
        model=net,
        train_dataset=train_ds,
        args=train_opts,
        data_collator=stack_batch,
    )
    trainer.train()
    dump_trainable(net, os.path.join(train_opts.output_dir, "params.p"))


if __name__ == "__main__":
    run()
