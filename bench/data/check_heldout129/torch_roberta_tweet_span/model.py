import transformers
import torch
import torch.nn as nn
import config


class SpanModel(transformers.BertPreTrainedModel):
    def __init__(self, conf):
        super(SpanModel, self).__init__(conf)
        self.roberta = transformers.RobertaModel.from_pretrained(
            config.ENCODER_DIR, config=conf
        )
        self.drop = nn.Dropout(0.1)
        self.head = nn.Linear(768 * 2, 2)
        torch.nn.init.normal_(self.head.weight, std=0.02)

    def forward(self, ids, mask, token_type_ids):
        _, _, hs = self.roberta(
            ids, attention_mask=mask, token_type_ids=token_type_ids
        )

        hs = torch.cat((hs[-1], hs[-2]), dim=-1)
        hs = self.drop(hs)
        scores = self.head(hs)

        s_scores, e_scores = scores.split(1, dim=-1)

        s_scores = s_scores.squeeze(-1)
        e_scores = e_scores.squeeze(-1)

        return s_scores, e_scores

