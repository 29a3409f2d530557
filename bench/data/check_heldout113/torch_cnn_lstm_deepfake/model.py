import torch
import torch.nn as nn
import torchvision.models as models

class FrameRNN(nn.Module):
    def __init__(self, rnn_width=128, rnn_depth=1):
        super(FrameRNN, self).__init__()

        
        backbone = models.mobilenet_v2(weights=models.MobileNet_V2_Weights.DEFAULT)
        self.cnn = backbone.features
        self.pool = nn.AdaptiveAvgPool2d((1,1))

        # backbone stays frozen
        for w in self.cnn.parameters():
            w.requires_grad = False

        feat_dim = 1280  # channels out of the MobileNetV2 trunk

        self.lstm = nn.LSTM(
            input_size=feat_dim,
            hidden_size=rnn_width,
            num_layers=rnn_depth,
            batch_first=True
        )

        self.fc = nn.Linear(rnn_width, 1)

    def forward(self, x):
        # x: B x T x C x H x W
        b, t, c, h, w = x.size()
        x = x.view(b * t, c, h, w)

        with torch.no_grad():
            x = self.cnn(x)
            x = self.pool(x)
            x = x.view(x.size(0), -1)

        x = x.view(b, t, -1)
        seq_out, _ = self.lstm(x)
        last = seq_out[:, -1, :]  # state after the final frame

        out = self.fc(last)
        return torch.sigmoid(out)
