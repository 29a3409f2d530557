import argparse
import os.path as osp

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from episodes_data import MiniImageNetSplit
from episode_sampler import ClassBalancedEpisodes
from backbone import FourConv
from helpers import show, pick_gpu, make_dir, RunningMean, Stopwatch, accuracy, sq_dist_logits


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--max-epoch', type=int, default=200)
    ap.add_argument('--save-epoch', type=int, default=20)
    ap.add_argument('--shot', type=int, default=1)
    ap.add_argument('--query', type=int, default=15)
    ap.add_argument('--train-way', type=int, default=30)
    ap.add_argument('--test-way', type=int, default=5)
    ap.add_argument('--save-path', default='./runs/proto-a')
    ap.add_argument('--gpu', default='0')
    cfg = ap.parse_args()
    show(vars(cfg))

    pick_gpu(cfg.gpu)
    make_dir(cfg.save_path)

    tr_set = MiniImageNetSplit('train')
    tr_episodes = ClassBalancedEpisodes(tr_set.label, 100,
                                      cfg.train_way, cfg.shot + cfg.query)
    tr_loader = DataLoader(dataset=tr_set, batch_sampler=tr_episodes,
                              num_workers=8, pin_memory=True)

    va_set = MiniImageNetSplit('val')
    va_episodes = ClassBalancedEpisodes(va_set.label, 400,
                                    cfg.test_way, cfg.shot + cfg.query)
    va_loader = DataLoader(dataset=va_set, batch_sampler=va_episodes,
                            num_workers=8, pin_memory=True)

    net = FourConv().cuda()
    
    opt = torch.optim.Adam(net.parameters(), lr=0.001)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=20, gamma=0.5)

    def checkpoint(tag):
        torch.save(net.state_dict(), osp.join(cfg.save_path, tag + '.pth'))
    
    history = {}
    history['cfg'] = vars(cfg)
    history['tr_loss'] = []
    history['va_loss'] = []
    history['tr_acc'] = []
    history['va_acc'] = []
    history['best'] = 0.0

    clock = Stopwatch()

    for ep in range(1, cfg.max_epoch + 1):
        sched.step()

        net.train()

        m_loss = RunningMean()
        m_acc = RunningMean()

        for it, episode in enumerate(tr_loader, 1):
            imgs, _ = [_.cuda() for _ in episode]
            cut = cfg.shot * cfg.train_way
            sup, qry = imgs[:cut], imgs[cut:]

            centers = net(sup)
            centers = centers.reshape(cfg.shot, cfg.train_way, -1).mean(dim=0)

            target = torch.arange(cfg.train_way).repeat(cfg.query)
            target = target.type(torch.cuda.LongTensor)

            scores = sq_dist_logits(net(qry), centers)
            loss = F.cross_entropy(scores, target)
            acc = accuracy(scores, target)
            print('ep {}, train {}/{}, loss={:.4f} acc={:.4f}'
                  .format(ep, it, len(tr_loader), loss.item(), acc))

            m_loss.add(loss.item())
            m_acc.add(acc)

            opt.zero_grad()
            loss.backward()
            opt.step()
            
            centers = None; scores = None; loss = None

        m_loss = m_loss.item()
        m_acc = m_acc.item()

        net.eval()

        v_loss = RunningMean()
        v_acc = RunningMean()

        for it, episode in enumerate(va_loader, 1):
            imgs, _ = [_.cuda() for _ in episode]
            cut = cfg.shot * cfg.test_way
            sup, qry = imgs[:cut], imgs[cut:]

            centers = net(sup)
            centers = centers.reshape(cfg.shot, cfg.test_way, -1).mean(dim=0)

            target = torch.arange(cfg.test_way).repeat(cfg.query)
            target = target.type(torch.cuda.LongTensor)

            scores = sq_dist_logits(net(qry), centers)
            loss = F.cross_entropy(scores, target)
            acc = accuracy(scores, target)

            v_loss.add(loss.item())
            v_acc.add(acc)
            
            centers = None; scores = None; loss = None

        v_loss = v_loss.item()
        v_acc = v_acc.item()
        print('ep {}, val, loss={:.4f} acc={:.4f}'.format(ep, v_loss, v_acc))

        if v_acc > history['best']:
            history['best'] = v_acc
            checkpoint('best')

        history['tr_loss'].append(m_loss)
        history['tr_acc'].append(m_acc)
        history['va_loss'].append(v_loss)
        history['va_acc'].append(v_acc)

        torch.save(history, osp.join(cfg.save_path, 'history'))

        checkpoint('last')

        if ep % cfg.save_epoch == 0:
            checkpoint('ep-{}'.format(ep))

        print('time:{}/{}'.format(clock.measure(), clock.measure(ep / cfg.max_epoch)))

