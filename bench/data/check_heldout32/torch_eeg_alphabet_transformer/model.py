import torch.nn.functional as F
from params import args
from torch import nn
from utils import *
import torch as t
import math

xavier_init = nn.init.xavier_uniform_
uniform_init = nn.init.uniform

class LetterClassifier(nn.Module):
    """
    takes the two trial embeddings,
    joins them and applies a two-layer perceptron,
    returning 26 letter scores per trial
    """
    def __init__(self, hidden_dim=128, num_classes=26):
        super(LetterClassifier, self).__init__()
        self.hidden_dim = hidden_dim
        self.num_classes = num_classes
        self.proj_a = nn.Linear(self.hidden_dim, 64)
        self.proj_b = nn.Linear(self.hidden_dim, 64)
        self.head = nn.Sequential(
            nn.Linear(128, 64),
            nn.Linear(64, num_classes)
        )
    
    def forward(self, emb_a, emb_b):
        # the per-view projections are not applied
        # in this version
        joined = t.cat([emb_a, emb_b], dim=-1)
        logits = self.head(joined)
        return logits

class ResidualBlock(nn.Module):
    def __init__(self, in_channels, out_channels, downsample):
        super().__init__()
        if downsample:
            self.conv1 = nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=2, padding=1)
            self.skip = nn.Sequential(
                nn.Conv2d(in_channels, out_channels, kernel_size=1, stride=2),
                nn.BatchNorm2d(out_channels)
            )
        else:
            self.conv1 = nn.Conv2d(in_channels, out_channels, kernel_size=3, stride=1, padding=1)
            self.skip = nn.Sequential()

        self.conv2 = nn.Conv2d(out_channels, out_channels, kernel_size=3, stride=1, padding=1)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.bn2 = nn.BatchNorm2d(out_channels)

    def forward(self, h):
        skip = self.skip(h)
        h = nn.ReLU()(self.bn1(self.conv1(h)))
        h = nn.ReLU()(self.bn2(self.conv2(h)))
        h = h + skip
        return nn.ReLU()(h)

class ConvEncoder(nn.Module):
    def __init__(self, in_channels=1, block=ResidualBlock):
        super(ConvEncoder, self).__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(in_channels, 32, kernel_size=7, stride=2, padding=3),
            nn.MaxPool2d(kernel_size=3, stride=2, padding=1),
            nn.BatchNorm2d(32),
            nn.ReLU()
        )

        self.stage1 = nn.Sequential(
            block(32, 64, downsample=True),
            block(64, 64, downsample=False)
        )

        self.stage2 = nn.Sequential(
            block(64, 128, downsample=True),
            block(128, 128, downsample=False)
        )

        self.stage3 = nn.Sequential(
            block(128, 256, downsample=True),
            block(256, 256, downsample=False)
        )


        self.stage4 = nn.Sequential(
            block(256, 512, downsample=True),
            block(512, 512, downsample=False)
        )

        self.pool = t.nn.AdaptiveAvgPool2d(1)

    def forward(self, h):
        h = self.stem(h)
        h = self.stage1(h)
        # the deeper stages
        # are switched off
        # for this dataset
        h = self.pool(h)
        h = t.squeeze(h)

        return h

class TimeTransformerEncoder(nn.Module):
    def __init__(self, feature_dim=24):
        super(TimeTransformerEncoder, self).__init__()
        # a learned position embedding was an alternative
        self.pos_table = sinusoid_positions(args.len_time, 24).cuda()
        self.blocks = nn.Sequential(
            AttentionBlock(in_dim=feature_dim, out_dim=32,  num_heads=4),
            AttentionBlock(in_dim=32,          out_dim=64,  num_heads=8)
            # a third block to 128 dims was removed
        )

    def forward(self, x):
        hidden = [x]
        # adding the position table was tried
        # in two variants
        for block in self.blocks:
            hidden.append(block(hidden[-1]))
        return t.mean(hidden[-1], axis=1)

class ChannelTransformerEncoder(nn.Module):
    def __init__(self, feature_dim=args.len_time):
        super(ChannelTransformerEncoder, self).__init__()
        self.blocks = nn.Sequential(
            AttentionBlock(in_dim=feature_dim, out_dim=128,  num_heads=5),
            AttentionBlock(in_dim=128,         out_dim=64,   num_heads=8)
            # a third 128-dim block was removed
        )

    def forward(self, x):
        hidden = [x]
        for block in self.blocks:
            hidden.append(block(hidden[-1]))
        return t.mean(hidden[-1], axis=1)

class PlainTransformerEncoder(nn.Module):
    def __init__(self, feature_dim=24):
        super(PlainTransformerEncoder, self).__init__()
        self.blocks = nn.Sequential(
            AttentionBlock(in_dim=feature_dim, out_dim=32,  num_heads=4),
            AttentionBlock(in_dim=32,          out_dim=64, num_heads=4)
        )

    def forward(self, x):
        hidden = [x]
        for block in self.blocks:
            hidden.append(block(hidden[-1]))
        return t.mean(hidden[-1], axis=1)

class AttentionBlock(nn.Module):
    def __init__(self, in_dim, out_dim, num_heads):
        super(AttentionBlock, self).__init__()
        self.attention = MultiHeadSelfAttention(in_dim, num_heads, dropout_prob=0.5) # was 0.3
        self.feed_forward = FeedForward(in_dim, out_dim, dropout_prob=0.3) # was 0.1

    def forward(self, x):
        attended = self.attention(x)
        ff_out = self.feed_forward(x)
        return ff_out

class MultiHeadSelfAttention(nn.Module):
    def __init__(self, hidden_size, num_heads=4, dropout_prob=0.3):
        super(MultiHeadSelfAttention, self).__init__()
        self.n_heads = num_heads
        self.head_dim = int(hidden_size / num_heads)
        self.all_head_dim = self.n_heads * self.head_dim

        self.query = nn.Linear(hidden_size, self.all_head_dim)
        self.key = nn.Linear(hidden_size, self.all_head_dim)
        self.value = nn.Linear(hidden_size, self.all_head_dim)

        self.attn_dropout = nn.Dropout(dropout_prob)

        self.dense = nn.Linear(hidden_size, hidden_size)
        self.LayerNorm = nn.LayerNorm(hidden_size, eps=1e-12)
        self.out_dropout = nn.Dropout(dropout_prob)

    def split_heads(self, x):
        head_shape = x.size()[:-1] + (self.n_heads, self.head_dim)
        x = x.view(*head_shape)
        return x.permute(0, 2, 1, 3)

    def forward(self, x_in):
        q_proj = self.query(x_in)
        k_proj = self.key(x_in)
        v_proj = self.value(x_in)

        q = self.split_heads(q_proj)
        k = self.split_heads(k_proj)
        v = self.split_heads(v_proj)

        scores = t.matmul(q, k.transpose(-1, -2))
        scores = scores / math.sqrt(self.head_dim)

        weights = nn.Softmax(dim=-1)(scores)
        weights = self.attn_dropout(weights)
        context = t.matmul(weights, v)
        context = context.permute(0, 2, 1, 3).contiguous()
        merged_shape = context.size()[:-2] + (self.all_head_dim,)
        context = context.view(*merged_shape)
        out = self.dense(context)
        out = self.out_dropout(out)
        out = self.LayerNorm(out + x_in)

        return out

class FeedForward(nn.Module):
    def __init__(self, in_dim, out_dim, dropout_prob=0.1):
        super(FeedForward, self).__init__()
        self.layers = nn.Sequential(
            nn.Linear(in_dim, out_dim, bias=True),
            nn.GELU(),
            # a second linear layer was removed
            nn.Dropout(dropout_prob),
            nn.LayerNorm(out_dim)
        )

    def forward(self, x):
        return self.layers(x)

