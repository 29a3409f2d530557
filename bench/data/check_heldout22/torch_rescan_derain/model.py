import torch
from torch import nn
from torch import autograd
from torch.autograd import Variable
from torch.nn import functional as F
from torch.nn.parameter import Parameter

import settings


class SqueezeExcite(nn.Module):
    def __init__(self, in_ch, squeeze):
        super().__init__()
        hidden = int(in_ch / squeeze)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.excite = nn.Sequential(
            nn.Linear(in_ch, squeeze),
            nn.ReLU(inplace=True),
            nn.Linear(squeeze, in_ch),
            nn.Sigmoid()
        )

    def forward(self, x):
        n_img, n_ch, _, _ = x.size()
        gate = self.gap(x).view(n_img, n_ch)
        gate = self.excite(gate).view(n_img, n_ch, 1, 1)
        return x * gate


class IdentitySE(nn.Module):
    def __init__(self, in_ch, squeeze):
        super().__init__()

    def forward(self, x):
        return x


SEUnit = SqueezeExcite if settings.with_se else IdentitySE


class PlainConvUnit(nn.Module):
    def __init__(self, in_ch, out_ch, ksize, dil):
        super().__init__()
        pad_amt = int(dil * (ksize - 1) / 2)
        self.conv_main = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_amt, dilation=dil)
        self.se_gate = SEUnit(out_ch, 6)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x, hid=None):
        x = self.conv_main(x)
        x = self.act(self.se_gate(x))
        return x, None


class RNNConvUnit(nn.Module):
    def __init__(self, in_ch, out_ch, ksize, dil):
        super().__init__()
        pad_in = int(dil * (ksize - 1) / 2)
        self.conv_in = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)

        pad_hid = int((ksize - 1) / 2)
        self.conv_hid = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)

        self.se_gate = SEUnit(out_ch, 6)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x, hid=None):
        if hid is None:
            hid = F.tanh(self.conv_in(x))
        else:
            hid = F.tanh(self.conv_in(x) + self.conv_hid(hid))

        hid = self.act(self.se_gate(hid))
        return hid, hid


class GRUConvUnit(nn.Module):
    def __init__(self, in_ch, out_ch, ksize, dil):
        super().__init__()
        pad_in = int(dil * (ksize - 1) / 2)
        self.in_z = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)
        self.in_r = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)
        self.in_n = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)

        pad_hid = int((ksize - 1) / 2)
        self.hid_z = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)
        self.hid_r = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)
        self.hid_n = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)

        self.se_gate = SEUnit(out_ch, 6)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x, hid=None):
        if hid is None:
            gate_z = F.sigmoid(self.in_z(x))
            gate_f = F.tanh(self.in_n(x))
            hid = gate_z * gate_f
        else:
            gate_z = F.sigmoid(self.in_z(x) + self.hid_z(hid))
            gate_r = F.sigmoid(self.in_r(x) + self.hid_r(hid))
            cand_n = F.tanh(self.in_n(x) + self.hid_n(gate_r * hid))
            hid = (1 - gate_z) * hid + gate_z * cand_n

        hid = self.act(self.se_gate(hid))
        return hid, hid


class LSTMConvUnit(nn.Module):
    def __init__(self, in_ch, out_ch, ksize, dil):
        super().__init__()
        pad_in = int(dil * (ksize - 1) / 2)
        self.in_f = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)
        self.in_i = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)
        self.in_o = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)
        self.in_j = nn.Conv2d(in_ch, out_ch, ksize, padding=pad_in, dilation=dil)

        pad_hid = int((ksize - 1) / 2)
        self.hid_f = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)
        self.hid_i = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)
        self.hid_o = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)
        self.hid_j = nn.Conv2d(out_ch, out_ch, ksize, padding=pad_hid)

        self.se_gate = SEUnit(out_ch, 6)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x, hc_pair=None):
        if hc_pair is None:
            gate_i = F.sigmoid(self.in_i(x))
            gate_o = F.sigmoid(self.in_o(x))
            cand_j = F.tanh(self.in_j(x))
            cell = gate_i * cand_j
            hid = gate_o * cell
        else:
            hid, cell = hc_pair
            gate_f = F.sigmoid(self.in_f(x) + self.hid_f(hid))
            gate_i = F.sigmoid(self.in_i(x) + self.hid_i(hid))
            gate_o = F.sigmoid(self.in_o(x) + self.hid_o(hid))
            cand_j = F.tanh(self.in_j(x) + self.hid_j(hid))
            cell = gate_f * cell + gate_i * cand_j
            hid = gate_o * F.tanh(cell)

        hid = self.act(self.se_gate(hid))
        return hid, [hid, cell]


UnitCls = {
    'Conv': PlainConvUnit, 
    'RNN': RNNConvUnit, 
    'GRU': GRUConvUnit, 
    'LSTM': LSTMConvUnit,
}[settings.unit_kind]


class RecurrentDerainNet(nn.Module):
    def __init__(self):
        super().__init__()
        feat_ch = settings.feat_ch

        self.rec_units = nn.ModuleList(
            [UnitCls(3, feat_ch, 3, 1)] + 
            [UnitCls(feat_ch, feat_ch, 3, 2 ** i) for i in range(settings.n_layers - 3)]
        )

        self.head = nn.Sequential(
            nn.Conv2d(feat_ch, feat_ch, 3, padding=1),
            SEUnit(feat_ch, 6),
            nn.LeakyReLU(0.2),
            nn.Conv2d(feat_ch, 3, 1),
        )

    def forward(self, x):
        rain_in = x
        prev_states = [None for _ in range(len(self.rec_units))]
        stage_outs = []

        for i in range(settings.n_stages):
            new_states = []
            for unit, prev in zip(self.rec_units, prev_states):
                x, nxt_state = unit(x, prev)
                new_states.append(nxt_state)
            x = self.head(x)
            
            if settings.stage_merge == 'Add' and i > 0:
                x = x + Variable(stage_outs[-1].data)

            stage_outs.append(x)
            prev_states = new_states.copy()
            x = rain_in - x

        return stage_outs


if __name__ == '__main__':
    dummy = torch.Tensor(16, 3, 64, 64)
    dummy_var = Variable(dummy)
    demo_net = RecurrentDerainNet()
    print(demo_net)
    stage_outs = demo_net(dummy_var)
    for out in stage_outs:
        print(out.size())

