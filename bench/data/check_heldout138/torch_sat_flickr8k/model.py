import torch
from torch import nn
from torch import optim
import torchvision.models as models

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')


class SAT(nn.Module):
    def __init__(self, vocab_size, context_dim=512, emb_dim=512, lstm_dim=512, attn_dim=512):
        super(SAT, self).__init__()
        self.context_dim = context_dim
        self.emb_dim = emb_dim
        self.lstm_dim = lstm_dim
        self.attn_dim = attn_dim
        self.vocab_size = vocab_size
        self.encoder = ConvEncoder()
        self.decoder = AttnDecoder(context_dim, emb_dim, lstm_dim,
                               attn_dim, vocab_size)
        self.opt = optim.Adam(self.parameters(), lr=1e-4, betas=(0.9, 0.98), eps=1e-9)
        self.loss_func = nn.CrossEntropyLoss(ignore_index = 2)

    def forward(self, x, y):
        grid = self.encoder(x)
        logits = self.decoder(grid, y)
        return logits

    def train_batch(self, imgs, caps):
        imgs = torch.stack(imgs).to(device=device, dtype=torch.float)
        caps = torch.stack(caps).to(device=device, dtype=torch.long)
        logits = self.forward(imgs, caps)[:,:,:-1] #[B, V, L-1]
        target = caps[:,1:] #[B, L-1]
        loss = self.loss_func(logits, target)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss

    def valid_batch(self, imgs, caps):
        imgs = torch.stack(imgs).to(device=device, dtype=torch.float)
        caps = torch.stack(caps).to(device=device, dtype=torch.long)
        logits = self.forward(imgs, caps)[:,:,:-1]
        target = caps[:,1:]
        loss = self.loss_func(logits, target)
        return loss

    def save(self, file_name, num_epoch):
        blob = {
            'num_epoch': num_epoch,
            'weights': self.state_dict(),
            'optim': self.opt.state_dict()
        }
        torch.save(blob, file_name)

    def load(self, file_name):
        blob = torch.load(file_name, map_location=device)
        self.load_state_dict(blob['weights'])
        self.opt.load_state_dict(blob['optim'])

    def inference(self, x, beam_size=5, max_len=36):
        self.eval()
        with torch.no_grad():
            x = torch.stack(x).to(device=device, dtype=torch.float) #[B,]
            x = x[::5,] #one row per image
            n = x.size()[0]
            x = x.repeat_interleave(beam_size, dim=0)
            scores = torch.ones([n, beam_size]).to(device)
            seq = torch.zeros([n, beam_size, 1], dtype=torch.long).to(device) #[B, beam, 1]
            for t in range(1, max_len):
                step = self.forward(x, seq.reshape(n*beam_size, -1)).transpose(1,2)[:,-1]
                step = torch.softmax(step, dim=1) #[B*beam, vocab]
                step = step.reshape(n, beam_size, self.vocab_size)
                step = scores.unsqueeze(2) * step
                step = step.reshape(n, -1)

                scores, flat = torch.topk(step, beam_size) #[B, beam]

                src_beam = flat // self.vocab_size
                src_beam = src_beam.unsqueeze(2).repeat_interleave(t, dim=2) #[B, beam, t]
                word = flat % self.vocab_size

                seq = torch.gather(seq, 1, src_beam)
                col = word.unsqueeze(2)
                seq = torch.cat([seq, col], dim=2)

            best = torch.argmax(scores, dim=1)
            seq = seq[torch.arange(n), best]

            seq = nn.functional.pad(seq, [0,1])
            seq[:, -1] = 1
            after_end = nn.functional.pad((seq == 1)[:,:-1], [1,0])
            seq[after_end] = 2
            return seq.cpu().numpy().tolist()








class ConvEncoder(nn.Module):

    def __init__(self):
        super(ConvEncoder, self).__init__()
        self.vgg = models.vgg16_bn(pretrained=True)
        self.modules = list(self.vgg.features.children())[:34]
        self.subnet = nn.Sequential(*self.modules)
        # for p in self.vgg.parameters():
        #    p.requires_grad = False

    def forward(self, img):
        b = img.size()[0]
        out = self.subnet(img)
        # out: [B, 512, 14, 14]
        # 
        return out.reshape(b, 512, -1).transpose(1, 2)
        # -> [B, 196, 512]


class AttnDecoder(nn.Module):
    def __init__(self, context_dim, emb_dim, lstm_dim, attn_dim, vocab_size):
        super(AttnDecoder, self).__init__()
        self.context_dim = context_dim
        self.enc_dim = context_dim
        self.emb_dim = emb_dim
        self.lstm_dim = lstm_dim
        self.attn_dim = attn_dim
        self.vocab_size = vocab_size

        self.init_h_mlp = nn.Linear(self.enc_dim, lstm_dim)
        self.init_c_mlp = nn.Linear(self.enc_dim, lstm_dim)
        self.vocab_distribution = nn.Linear(self.lstm_dim, self.vocab_size)
        self.emb_layer = nn.Embedding(vocab_size, emb_dim, padding_idx=2)
        self.attention = SoftAttention(context_dim, lstm_dim, attn_dim)
        self.lstm_cell = nn.LSTMCell(context_dim + emb_dim, lstm_dim)

    def init_hc(self, grid):  # grid: [B, L, 512]
        avg = grid.mean(dim=1)  # [B, 512]
        h0 = self.init_h_mlp(avg)  # [B, lstm_dim]
        c0 = self.init_c_mlp(avg)
        return h0, c0

    def forward_step(self, y, h, c, z):
        '''
        :param y: [B] word ids, embedded to [B, emb_dim]
        :param h: [B, lstm_dim]
        :param c: [B, lstm_dim]
        :param z: [B, context_dim]
        :return: next h and c
        '''
        y = self.emb_layer(y)
        h, c = self.lstm_cell(torch.cat([y, z], dim=-1), (h, c))
        return h, c

    def forward(self, grid, y):
        '''
        :param grid: [B, 196, 512]
        :param y: [B, L]
        :return:
        '''
        b = y.size()[0]
        n_steps = y.size()[1]
        h, c = self.init_hc(grid)
        z = self.attention(grid, h)

        outs = []
        for t in range(n_steps):
            h, c = self.forward_step(y[:, t], h, c, z)
            z = self.attention(grid, h)
            logits = self.vocab_distribution(h)
            outs.append(logits)

        outs = torch.stack(outs).to(device).transpose(0, 1)  # [B, L, vocab]
        return outs.transpose(1, 2)  # [B, vocab, L]


class SoftAttention(nn.Module):
    def __init__(self, encoder_dim, decoder_dim, attention_dim):
        super(SoftAttention, self).__init__()
        self.encoder_att = nn.Linear(encoder_dim, attention_dim)
        self.decoder_att = nn.Linear(decoder_dim, attention_dim)
        self.full_att = nn.Linear(attention_dim, 1)
        self.relu = nn.ReLU()
        self.softmax = nn.Softmax(dim=1)

    def forward(self, grid, hidden):
        '''
        :param grid: [B, L, enc_dim]
        :param hidden: [B, hid_dim]
        :return: context [B, enc_dim]
        '''
        a1 = self.encoder_att(grid)  # [B, L, attD]
        a2 = self.decoder_att(hidden).unsqueeze(1)  # [B, 1, attD]

        energy = torch.bmm(a2, a1.transpose(1, 2))  # [B, 1, L]
        weights = self.softmax(energy)
        ctx = torch.bmm(weights, grid).squeeze(1)  # [B, enc_dim]
        return ctx
