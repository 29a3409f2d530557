import torch
import torch.nn as nn
import torch.nn.functional as F


def pairwise_dist(emb, squared=False, eps=1e-12):
    sq_norm = emb.pow(2).sum(dim=1)
    gram = emb @ emb.t()
    dist = (sq_norm.unsqueeze(1) + sq_norm.unsqueeze(0) - 2 * gram).clamp(min=eps)

    if not squared:
        dist = dist.sqrt()

    dist = dist.clone()
    dist[range(len(emb)), range(len(emb))] = 0
    return dist


def attention_term(s_feat, t_feat):
    s_map = F.normalize(s_feat.pow(2).mean(1).view(s_feat.size(0), -1))

    with torch.no_grad():
        t_map = F.normalize(t_feat.pow(2).mean(1).view(t_feat.size(0), -1))
    return (s_map - t_map).pow(2).mean()


class HKD(nn.Module):
    def __init__(self, base_criterion=F.cross_entropy):
        super(HKD, self).__init__()
        self.T = 4
        self.lam = 16
        self.base_criterion = base_criterion

    def soft_term(self, logits, t_logits):
        return F.kl_div(F.log_softmax(logits / self.T, dim=1), F.softmax(t_logits / self.T, dim=1),
                        reduction='batchmean') * self.lam

    def forward(self, x, y, student, teacher):
        logits = student(x)

        with torch.no_grad():
            t_logits = teacher(x)

        return self.base_criterion(logits, y) + self.soft_term(logits, t_logits.detach()), logits


class AT(nn.Module):
    def __init__(self, base_criterion=F.cross_entropy):
        super(AT, self).__init__()
        self.base_criterion = base_criterion
        self.lam = 50

    def forward(self, x, y, student, teacher):
        f1, f2, f3, f4, _, s_logits = student(x, True)

        with torch.no_grad():
            g1, g2, g3, g4, g_pool, t_logits = teacher(x, True)

        at_term = attention_term(f2, g2) + attention_term(f3, g3) + attention_term(f4, g4)
        return self.base_criterion(s_logits, y) + at_term * self.lam, s_logits


def angle_term(s_emb, t_emb):
    # N x C
    # N x N x C

    with torch.no_grad():
        t_diff = (t_emb.unsqueeze(0) - t_emb.unsqueeze(1))
        t_unit = F.normalize(t_diff, p=2, dim=2)
        t_ang = torch.bmm(t_unit, t_unit.transpose(1, 2)).view(-1)

    s_diff = (s_emb.unsqueeze(0) - s_emb.unsqueeze(1))
    s_unit = F.normalize(s_diff, p=2, dim=2)
    s_ang = torch.bmm(s_unit, s_unit.transpose(1, 2)).view(-1)

    out = F.smooth_l1_loss(s_ang, t_ang, reduction='elementwise_mean')
    return out


def distance_term(s_emb, t_emb):
    with torch.no_grad():
        t_dist = pairwise_dist(t_emb, squared=False)
        t_mean = t_dist[t_dist>0].mean()
        t_dist = t_dist / t_mean

    s_dist = pairwise_dist(s_emb, squared=False)
    s_mean = s_dist[s_dist>0].mean()
    s_dist = s_dist / s_mean

    out = F.smooth_l1_loss(s_dist, t_dist, reduction='elementwise_mean')
    return out


class CrossEntropyLoss(nn.Module):
    def forward(self, x, y, student, teacher):
        logits = student(x)
        return F.cross_entropy(logits, y), logits


class TKD(nn.Module):
    def forward(self, x, y, student, teacher):
        logits = student(x)
        return F.cross_entropy(logits, y), logits


class RKD(nn.Module):
    def __init__(self, base_criterion=F.cross_entropy):
        super(RKD, self).__init__()
        self.dist_weight = 25
        self.angle_weight = 50
        self.at_weight = 50
        self.base_criterion = base_criterion

    def forward(self, x, y, student, teacher):
        f1, f2, f3, f4, _, s_logits = student(x, True)

        with torch.no_grad():
            g1, g2, g3, g4, _, t_logits = teacher(x, True)

        d_term = distance_term(s_logits, t_logits) * self.dist_weight
        a_term = angle_term(s_logits, t_logits) * self.angle_weight
        at_term = attention_term(f2, g2) + attention_term(f3, g3) + attention_term(f4, g4)
        at_term *= self.at_weight

        return self.base_criterion(s_logits, y) + d_term + a_term + at_term, s_logits
