import torch
from transformers import TrOCRProcessor, VisionEncoderDecoderModel, Trainer, TrainingArguments
from torch.utils.data import DataLoader
from captchadataset import CaptchaDataset
from transformations import transform

# processor from the hub, model weights from an earlier local fine-tune
processor = TrOCRProcessor.from_pretrained("microsoft/trocr-base-handwritten")
model = VisionEncoderDecoderModel.from_pretrained("./results/final_model")

# decoder needs explicit start and padding ids
model.config.decoder_start_token_id = processor.tokenizer.cls_token_id
model.config.pad_token_id = processor.tokenizer.pad_token_id

# folder of captcha images plus a CSV of (file, text)
train_dataset = CaptchaDataset(
    images_dir="train3processed",  # training image folder
    labels_file="train2processedlabels.csv",
    transform=transform
)

eval_dataset = CaptchaDataset(
    images_dir="processed_images",  # evaluation image folder
    labels_file="labels.csv",
    transform=transform
)

# plain loaders (built but the Trainer below makes its own)
train_loader = DataLoader(train_dataset, batch_size=8, shuffle=True)
eval_loader = DataLoader(eval_dataset, batch_size=8, shuffle=False)

# turn a list of (image, text) pairs into pixel values and padded token ids
def collate_fn(batch):
    pixel_values = [processor(image, return_tensors="pt").pixel_values.squeeze() for image, _ in batch]
    labels = [processor.tokenizer(label, padding="max_length", max_length=32, return_tensors="pt").input_ids.squeeze() for _, label in batch]
    pixel_values = torch.stack(pixel_values)
    labels = torch.stack(labels)
    return {"pixel_values": pixel_values, "labels": labels}

# Trainer options
training_args = TrainingArguments(
    output_dir="./results",
    evaluation_strategy="epoch",
    save_strategy="epoch",
    logging_dir="./results/logs",
    logging_strategy="steps",
    logging_steps=10,
    learning_rate=2e-5,
    per_device_train_batch_size=8,
    per_device_eval_batch_size=8,
    num_train_epochs=3,
    weight_decay=0.01,
    save_total_limit=3,  # keep at most three checkpoints
    load_best_model_at_end=True,
    metric_for_best_model="eval_loss"
)

trainer = Trainer(
    model=model,
    args=training_args,
    train_dataset=train_dataset,
    eval_dataset=eval_dataset,
    data_collator=collate_fn,
    tokenizer=processor.feature_extractor,
)

trainer.train()

trainer.save_model("./results3/final_model")
