import torch
from loguru import logger
import transformers
from transformers import AutoTokenizer, AutoModel


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

class TwinCLS(torch.nn.Module):
    def __init__(self, encoder, p_drop, n_labels):
        super(TwinCLS, self).__init__()
        self.enc_a = encoder
        self.drop_a = torch.nn.Dropout(p_drop)
        self.enc_b = encoder
        self.drop_b = torch.nn.Dropout(p_drop)
        self.width = 256
        self.head = torch.nn.Linear(self.width*6, n_labels)


    def forward(self, ids, mask):
        out_a= self.enc_a(ids, attention_mask = mask)
        out_b= self.enc_b(ids, attention_mask = mask)
        cls_a = self.drop_a(out_a[0][:,0,:])
        cls_b = self.drop_b(out_b[0][:,0,:])
        both = torch.squeeze(torch.cat((cls_b, cls_a), dim=1)).to(device)
        scores = self.head(both)
        return scores


def build_indic(n_labels):
    '''
    IndicBERT encoder with a twin CLS head,
    no fine-tuned checkpoint
    '''
    logger.info(f"tokenizer : ai4bharat/indic-bert")
    logger.info(f"encoder : ai4bharat/indic-bert")
    tokenizer = transformers.AutoTokenizer.from_pretrained('ai4bharat/indic-bert')
    encoder = transformers.AutoModel.from_pretrained('ai4bharat/indic-bert')
    encoder.to(device)
    model = TwinCLS(encoder, 0.3,n_labels)
    model.to(device)
    return model, tokenizer


# build at import
model, tokenizer = build_indic(n_labels=2)
logger.success("IndicBERT ready")
