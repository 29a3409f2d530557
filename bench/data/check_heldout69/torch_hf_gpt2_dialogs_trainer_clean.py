import pandas as pd
from datasets import Dataset
from transformers import GPT2LMHeadModel, GPT2Tokenizer, Trainer, TrainingArguments

tok = GPT2Tokenizer.from_pretrained("gpt2")

tok.pad_token = tok.eos_token

def encode_batch(batch):
    enc = tok(batch['text'], truncation=True, padding="max_length", max_length=512)
    enc['labels'] = enc['input_ids'].copy()
    return enc

pairs = pd.read_csv("dialogs.csv", delimiter='|')

pairs['text'] = pairs['question'] + " " + pairs['answer']

hf_ds = Dataset.from_pandas(pairs[['text']])

encoded = hf_ds.map(encode_batch, batched=True, remove_columns=["text"])

lm = GPT2LMHeadModel.from_pretrained("gpt2")

targs = TrainingArguments(
    output_dir="./results",
    overwrite_output_dir=True,
    num_train_epochs=3,
    per_device_train_batch_size=4,
    save_steps=10_000,
    save_total_limit=2,
)

hf_trainer = Trainer(
    model=lm,
    args=targs,
    train_dataset=encoded,
)

hf_trainer.train()

hf_trainer.save_model("gpt2_dialog_ft")
tok.save_pretrained("gpt2_dialog_ft")
