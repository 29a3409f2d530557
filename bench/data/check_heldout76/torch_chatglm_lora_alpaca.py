from transformers.integrations import TensorBoardCallback
from torch.utils.tensorboard import SummaryWriter
from transformers import TrainingArguments
from transformers import Trainer, HfArgumentParser
from transformers import AutoTokenizer, AutoModel
from transformers import PreTrainedTokenizerBase
import torch
import torch.nn as nn
from peft import get_peft_model, LoraConfig, TaskType
from dataclasses import dataclass, field
import datasets
import os


@dataclass
class TuneOpts:
    dataset_path: str = field(default="data/alpaca")
    model_path: str = field(default="output")
    lora_rank: int = field(default=8)
    chatglm_path: str = field(default="model_path/chatglm")


class FloatOut(nn.Sequential):
    def forward(self, x):
        return super().forward(x).to(torch.float32)


@dataclass
class PadCollator:
    tokenizer: PreTrainedTokenizerBase

    def __call__(self, rows: list) -> dict:
        lengths = [len(r["input_ids"]) for r in rows]
        widest = max(lengths)
        id_rows = []
        target_rows = []
        for n_ids, r in sorted(zip(lengths, rows), key=lambda x: -x[0]):
            ids = r["input_ids"]
            prompt_len = r["seq_len"]

            targets = (
                [-100] * (prompt_len - 1)
                + ids[(prompt_len - 1) :]
                + [-100] * (widest - n_ids)
            )
            ids = ids + [self.tokenizer.pad_token_id] * (widest - n_ids)
            ids_t = torch.LongTensor(ids)
            target_rows.append(torch.LongTensor(targets))
            id_rows.append(ids_t)
        id_rows = torch.stack(id_rows)
        targets = torch.stack(target_rows)
        return {
            "input_ids": id_rows,
            "labels": targets,
        }


class LoraTrainer(Trainer):
    def compute_loss(self, model, inputs, return_outputs=False):
        return model(
            input_ids=inputs["input_ids"],
            labels=inputs["labels"],
        ).loss

    def save_model(self, output_dir=None, _internal_call=False):
        from transformers.trainer import TRAINING_ARGS_NAME

        os.makedirs(output_dir, exist_ok=True)
        torch.save(self.args, os.path.join(output_dir, TRAINING_ARGS_NAME))
        adapter_params = {
            name: p.to("cpu") for name, p in self.model.named_parameters() if p.requires_grad
        }
        torch.save(adapter_params, os.path.join(output_dir, "adapter_model.bin"))


def run():
    tb = SummaryWriter()

    tune_opts, train_opts = HfArgumentParser(
        (TuneOpts, TrainingArguments)
    ).parse_args_into_dataclasses()

    # base model

    net = AutoModel.from_pretrained(
        tune_opts.chatglm_path,
        load_in_8bit=True,
        trust_remote_code=True,
        device_map="auto",
    )
    tok = AutoTokenizer.from_pretrained(
        tune_opts.chatglm_path, trust_remote_code=True
    )
    net.gradient_checkpointing_enable()
    net.enable_input_require_grads()
    net.is_parallelizable = True
    net.model_parallel = True
    # net.lm_head = FloatOut(net.lm_head)
    net.config.use_cache = (
        False  # re-enable for generation
    )

    # adapter
    lora_cfg = LoraConfig(
        task_type=TaskType.CAUSAL_LM,
        inference_mode=False,
        r=tune_opts.lora_rank,
        lora_alpha=32,
        lora_dropout=0.1,
    )
    net = get_peft_model(net, lora_cfg)

    # tokenized data from disk
    train_ds = datasets.load_from_disk(tune_opts.dataset_path)
    print(f"\n{len(train_ds)=}\n")

    # train
    trainer = LoraTrainer(
        model=net,
        train_dataset=train_ds,
        args=train_opts,
        callbacks=[TensorBoardCallback(tb)],
        data_collator=PadCollator(tok),
    )
    trainer.train()
    tb.close()
    # write adapter
    net.save_pretrained(train_opts.output_dir)


if __name__ == "__main__":
    run()
