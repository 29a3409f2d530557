import os

import torch
from ds_ctcdecoder import Alphabet, ctc_beam_search_decoder, Scorer
from torch import nn
from torch.utils.model_zoo import load_url
import torchvision.models as models


class ConvBackbone(nn.Module):

    def __init__(self, n_time_steps):
        super(ConvBackbone, self).__init__()
        resnet_base = models.resnet34()
        resnet_base.load_state_dict(load_url('https://download.pytorch.org/models/resnet34-333f7ec4.pth'))
        resnet_base.conv1 = nn.Conv2d(3, 64, kernel_size=7, stride=2, padding=3, bias=False)
        self.backbone = torch.nn.Sequential(*(list(resnet_base.children())[:-2]))
        self.pool_to_steps = nn.AdaptiveAvgPool2d(output_size=(n_time_steps, 1))

    def forward(self, batch_x):
        feats = self.backbone(batch_x)
        feats = self.pool_to_steps(feats)
        return feats.squeeze(dim=3).transpose(1, 2)


class RecurrentHead(nn.Module):

    def __init__(self, feat_dim, hidden_dim, n_outputs, n_layers):
        super(RecurrentHead, self).__init__()
        self.bilstm = nn.LSTM(input_size=feat_dim, hidden_size=hidden_dim, num_layers=n_layers,
                            bidirectional=True, batch_first=True, dropout=0)
        self.out_proj = nn.Conv2d(hidden_dim * 2, n_outputs, kernel_size=1)

    def forward(self, batch_x):
        feats, unused_state = self.bilstm(batch_x)
        feats = self.out_proj(feats.permute(0, 2, 1).unsqueeze(3))
        return feats.squeeze(3).permute((2, 0, 1))


class LineRecognitionModel(nn.Module):

    def __init__(self, n_time_steps, feat_dim,
                 hidden_dim, n_outputs, rnn_layer_count):
        super(LineRecognitionModel, self).__init__()
        self.conv_part = ConvBackbone(n_time_steps=n_time_steps)
        self.seq_part = RecurrentHead(feat_dim=feat_dim, hidden_dim=hidden_dim, n_outputs=n_outputs, n_layers=rnn_layer_count)
        self.n_time_steps = n_time_steps
        self.char_alphabet = Alphabet(os.path.abspath("chars.txt"))
        self.lm_scorer = Scorer(alphabet=self.char_alphabet, scorer_path='iam_uncased.scorer', alpha=0.75, beta=1.85)

    def forward(self, batch_x):
        feats = self.conv_part(batch_x)
        feats = self.seq_part(feats)
        return feats

    def decode_with_lm(self, batch_x):
        with torch.no_grad():
            feats = self.forward(batch_x)
            # per image: a probability for every label at every time step
            feats = feats.softmax(2)
            probs_np = feats.permute(1, 0, 2).cpu().numpy()
            decoded_texts = []
            for i in range(probs_np.shape[0]):
                decoded_texts.append(ctc_beam_search_decoder(probs_seq=probs_np[i, :], alphabet=self.char_alphabet, beam_size=25, scorer=self.lm_scorer)[0][1])
        return decoded_texts
