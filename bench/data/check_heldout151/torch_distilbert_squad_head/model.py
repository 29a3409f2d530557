import logging

import torch
import torch.nn as nn

log = logging.getLogger()


class SpanHeadModel(nn.Module):
    def __init__(self, transformer_model, device, dropout_proba=0.2):
        super().__init__()
        self.device = device  # the caller decides cpu or cuda
        self.backbone = transformer_model
        self.hid = self.backbone.config.dim

        # a fresh linear span head
        self.span_head = nn.Linear(in_features=self.hid, out_features=2, bias=True)
        #  self.cls_head = nn.Linear(in_features=self.hid, out_features=2, bias=True)
        self.drop = nn.Dropout(p=dropout_proba)

        self.backbone.to(self.device)

    def forward(self, enc: dict):
        """
        One forward pass of the span model.

        Parameters
        ----------
        enc - the tokenizer's dictionary for a batch.

        Returns
        -------
        s_logit - start scores (batch, seq)
        s_pos - gold start index (batch,) or None
        e_logit - end scores (batch, seq)
        e_pos - gold end index (batch,) or None
        """

        # gold spans are absent at inference time
        s_pos = enc.pop('start_positions', None)
        e_pos = enc.pop('end_positions', None)

        # move the inputs to the device
        ids = enc['input_ids'].to(self.device)
        mask = enc['attention_mask'].to(self.device)

        bb_out = self.backbone(ids, attention_mask=mask)

        # token states of the last layer
        h = bb_out.last_hidden_state  # (batch, seq, hid)
        h = self.drop(h)  # (batch, seq, hid)

        # project to two scores per token
        scores = self.span_head(h)  # (batch, seq, 2)

        s_logit, e_logit = scores.split(1, dim=-1)
        s_logit = s_logit.squeeze(-1)  # (batch, seq)
        e_logit = e_logit.squeeze(-1)

        # # an answerability head was tried here
        # cls_out = F.relu(self.cls_head(h)).permute(2, 0, 1)  # (1, batch, seq)
        # cls_logits = F.max_pool1d(cls_out, kernel_size=cls_out.shape[-1]).squeeze(-1).permute(1,
        #                                                                                           0)  # (batch, 2)

        if s_pos is not None and e_pos is not None:
            s_pos = torch.LongTensor(s_pos)
            e_pos = torch.LongTensor(e_pos)
            # s_pos = torch.tensor(s_pos, dtype=torch.long).reshape(-1, 1).squeeze(-1)
            # e_pos = torch.tensor(e_pos, dtype=torch.long).reshape(-1, 1).squeeze(-1)  # (batch,)

            # impossible = torch.tensor(impossible, dtype=torch.long).detach().reshape(-1, 1).squeeze(
            #     -1)  # (batch,)

            # ign = s_logit.size(1)
            # s_pos.clamp_(0, ign)
            # e_pos.clamp_(0, ign)

        return s_logit, s_pos, e_logit, e_pos  # , ign

    def save(self, path: str, epoch: int, train_iter: float, optimizer, train_loss: float, eval_loss: float):
        """
        Write a checkpoint to disk.
        """

        log.info(f"checkpoint -> {path}")

        torch.save({
            'epoch': epoch,
            'model_state_dict': self.state_dict(),
            'optimizer_state_dict': optimizer.state_dict(),
            'train_loss': train_loss,
            'eval_loss': eval_loss,
            'train_iter': train_iter
        }, path)

    def compute_loss(self, s_logit, s_pos, e_logit, e_pos):
        """
        Span loss: mean of start and end cross-entropy.

        Parameters
        ----------

        s_logit - start scores (batch, seq)
        s_pos - gold start (batch,)
        e_logit - end scores (batch, seq)
        e_pos - gold end (batch,)

        Returns
        -------
        scalar loss tensor
        """
        # cls_loss = crit(cls_logits, impossible)

        ign = s_logit.size(1)
        s_pos.clamp_(0, ign)
        e_pos.clamp_(0, ign)

        crit = nn.CrossEntropyLoss(ignore_index=ign)

        s_logit_d = s_logit.to(self.device, non_blocking=True)
        e_logit_d = e_logit.to(self.device, non_blocking=True)
        s_pos_d = s_pos.to(self.device, non_blocking=True)
        e_pos_d = e_pos.to(self.device, non_blocking=True)

        s_loss = crit(s_logit_d, s_pos_d)
        e_loss = crit(e_logit_d, e_pos_d)

        return (s_loss + e_loss) / 2


if __name__ == '__main__':
    # from transformers import DistilBertModel
    # from preprocess import SpanPreprocessor
    #
    # pp = SpanPreprocessor()
    # tr_enc, va_enc = pp.get_encodings(random_sample_train=0.0005, random_sample_val=0.1, return_tensors="pt")
    #
    # # decode check
    # #    print(pp.tokenizer.decode(tr_enc['input_ids'][0]))
    #
    # bb = DistilBertModel.from_pretrained('distilbert-base-uncased', return_dict=True)
    # net = SpanHeadModel(transformer_model=bb, device=torch.device("cpu"))
    #
    # s_logit, s_pos_, e_logit, e_pos_, cls_logits, impossible = net(tr_enc)
    # crit_ = nn.CrossEntropyLoss()
    # print(net.compute_loss(s_logit, s_pos_, e_logit, e_pos_, cls_logits))

    print("done")
