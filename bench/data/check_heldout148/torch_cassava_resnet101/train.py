import torch
from torch import nn
from torch.utils.data import DataLoader, random_split
from load_data import read_label_table, LeafImageSet, UnlabelledImageSet
from load_data import build_augmentation
from torch.utils.tensorboard import SummaryWriter
import time
import torchvision.models as models


root_dir = './dataset/'
picture_dir = root_dir + 'train_images'
file_ids, targets = read_label_table(root_dir)

full_set = LeafImageSet(folder=picture_dir, targets=targets, file_ids=file_ids, transform=build_augmentation())

n_fit = int(0.8 * len(full_set))
n_check = len(full_set) - n_fit

print(f'fit samples: {n_fit}')
print(f'check samples: {n_check}')

fit_set, check_set = random_split(full_set, [n_fit, n_check])

holdout = UnlabelledImageSet(root_dir + 'test_images')

fit_batch = 32
check_batch = 64

fit_loader = torch.utils.data.DataLoader(fit_set, batch_size=fit_batch, shuffle=True)
check_loader = torch.utils.data.DataLoader(check_set, batch_size=check_batch, shuffle=False)

backbone = models.resnet101(weights=None)
backbone.to('cuda')

head = nn.Sequential(
    nn.Linear(1000, 64),
    nn.Linear(64, 10),
    nn.Linear(10, 5)).cuda()

criterion = nn.MultiMarginLoss()
criterion = criterion.cuda()
step_size = 0.01
opt = torch.optim.SGD(
    params=[
        {'params': list(backbone.parameters())},  # backbone weights
        {'params': list(head.parameters())}  # head weights
    ],
    lr=step_size
)

sched = torch.optim.lr_scheduler.CyclicLR(opt, base_lr=0.0001, max_lr=0.01)

n_epochs = 300
bar_width = 100

board = SummaryWriter('./log_train')

check_round = 0
for ep in range(n_epochs):
    print('==== epoch {} begins ===='.format(ep+1))
    t0 = time.time()
    steps_done = 0
    for batch in fit_loader:

        pics, labs = batch
        wanted = labs
        feats = backbone(pics)
        scores = head(feats)
        loss = criterion(scores, wanted)
        opt.zero_grad()
        loss.backward()
        opt.step()
        steps_done += 1
        sched.step()
        frac = steps_done * fit_batch / n_fit
        marks = '#' * int(frac * bar_width)
        now = time.time()
        if steps_done > 0:
            per_sample = (now - t0) / steps_done / fit_batch
            left_samples = n_fit - (steps_done * fit_batch)
            left_time = left_samples * per_sample
        else:
            left_time = 0
        hh = int(left_time // 3600)
        mm = int((left_time % 3600) // 60)
        ss = int(left_time % 60)

        eta_text = f"{hh:02}:{mm:02}:{ss:02}"
        print(f'\rep_{ep+1}: [{marks:<{bar_width}}] {int(frac * 100)}% ({steps_done}/{int(n_fit/fit_batch)+1})\
         left: {eta_text}', end='')
        if steps_done % 100 == 0:
            print(f"\nstep: {steps_done}/{int(n_fit/fit_batch)+1}, loss: {loss.item()}, lr: {opt.param_groups[0]['lr']}")
            board.add_scalar(f'fit loss ep{ep+1}', loss.item(), steps_done)
    check_loss_sum = 0
    hits_sum = 0
    with torch.no_grad():
        print(f'\n==== check {ep+1} begins ====')
        for batch in check_loader:
            pics, labs = batch
            wanted = labs
            feats = backbone(pics)
            scores = head(feats)
            loss = criterion(scores, wanted)
            check_loss_sum = check_loss_sum + loss.item()
            hits = (scores.argmax(1) == wanted).sum()
            hits_sum += hits
    check_round += 1
    print(f'\ncheck loss: {check_loss_sum * check_batch / n_check}')
    print(f'\ncheck accuracy: {hits_sum / n_check}')
    board.add_scalar('check_accuracy', hits_sum/n_check, check_round)
    board.add_scalar('check_loss', check_loss_sum * check_batch / n_check, check_round)

    torch.save(backbone, f'./model/ep_{ep+1}.pth')
board.close()
