import torch
from torch import nn
import random

class Translator(nn.Module):
    def __init__(self, encoder, decoder, device):
        super(Translator, self).__init__()
        self.encoder = encoder
        self.decoder = decoder
        self.device = device
        assert (
            encoder.hidden_dim == decoder.hidden_dim
        ), "encoder and decoder need the same hidden size"
        assert (
            encoder.num_layers == decoder.num_layers
        ), "encoder and decoder need the same depth"

    def forward(self, src, tgt, teacher_ratio= 0.5) -> torch.Tensor:
        # src: [batch, src_len]
        # tgt: [batch, tgt_len]
        # both are padded to max_length

        bsz = src.shape[0]
        tgt_len = tgt.shape[1]
        tgt_vocab = self.decoder.output_size

        outs = torch.zeros(bsz, tgt_len, tgt_vocab).to(self.device)
        # outs: [batch, tgt_len, tgt_vocab]

        h, c = self.encoder(src)

        # first input is <sos>
        x = tgt[:, 0]

        for t in range(1, tgt_len):
            step_out, h, c = self.decoder(x, h, c)

            outs[:,t,:] = step_out

            guess = step_out.argmax(1)

            x = tgt[:, t] if random.random() < teacher_ratio else guess
        
        return outs
