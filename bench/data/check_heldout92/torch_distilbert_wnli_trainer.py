# Five epochs of DistilBERT on the WNLI pairs, via the HF Trainer

# step 1: packages (install when missing)
# !pip install --upgrade transformers datasets

# step 2: imports
from datasets import load_dataset
from transformers import (
    AutoTokenizer,
    AutoModelForSequenceClassification,
    Trainer,
    TrainingArguments
)
import transformers
import datasets

# step 3: show library versions
print("transformers:", transformers.__version__)
print("datasets:", datasets.__version__)

# step 4: wipe the local HF cache if it is stale
# import os
# os.system("rm -rf /root/.cache/huggingface/datasets")

# step 5: the WNLI training split
pairs_train = load_dataset("glue", "wnli", split="train")

# step 6: tokenizer plus a two-way classifier
backbone_id = "distilbert-base-uncased"
tok = AutoTokenizer.from_pretrained(backbone_id)
clf = AutoModelForSequenceClassification.from_pretrained(backbone_id, num_labels=2)

# step 7: encode a batch of sentence pairs
def encode_pairs(rows):
    return tok(rows['sentence1'], rows['sentence2'], truncation=True, padding=True)

# step 8: encode the whole split
pairs_encoded = pairs_train.map(encode_pairs, batched=True)
pairs_encoded.set_format('torch', columns=['input_ids', 'attention_mask', 'label'])

# step 9: run settings
run_cfg = TrainingArguments(
    output_dir="./results",
    num_train_epochs=5,
    per_device_train_batch_size=8,
    logging_steps=10,
    save_steps=10,
    disable_tqdm=False,
)

# step 10: the trainer
runner = Trainer(
    model=clf,
    args=run_cfg,
    train_dataset=pairs_encoded,
)

# step 11: go
runner.train()

# logged training loss every ten steps stayed near 0.69 for all 400 steps
# (chance level on this tiny two-class set); the run ended after epoch 5
