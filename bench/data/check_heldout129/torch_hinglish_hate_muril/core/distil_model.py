from loguru import logger
import torch
from transformers import DistilBertTokenizer , DistilBertForSequenceClassification

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def build_distil_multi(n_labels):
    '''
    multilingual DistilBERT classifier,
    no fine-tuned checkpoint
    '''
    logger.info(f"tokenizer : distilbert-base-multilingual")
    logger.info(f"encoder : distilbert-base-multilingual")
    model = DistilBertForSequenceClassification.from_pretrained('distilbert-base-multilingual-cased', num_labels=n_labels)
    model.to(device)
    tokenizer = DistilBertTokenizer.from_pretrained('distilbert-base-multilingual-cased')

    return model, tokenizer

# build at import
model , tokenizer = build_distil_multi(n_labels=2)
logger.success("DistilBERT ready")
