import matplotlib.pyplot as plt
from dataset import ClipSet
import fit_eval
from timbre_net import TimbreNet
import torch
import torch.optim as optim
import pt_helpers
from torchvision import transforms
# knobs worth tuning
FIT_BATCH = 256
EVAL_BATCH = 10
N_EPOCHS = 50
LR = 0.001
MOM = 0.9
WANT_GPU = True
LOG_EVERY = 100
WD = 0.0005

####folders to edit####
fit_dir = 'nsynth-valid/audio/'
eval_dir = 'nsynth-test/audio/'
HISTORY_FILE = 'logs/log.pkl'


fit_tf = transforms.Compose([
    transforms.ToPILImage(),
    transforms.Resize([128,128]),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.5,0.5,0.5],std=[0.5,0.5,0.5]),
])
eval_tf = transforms.Compose([
    transforms.ToPILImage(),
    transforms.Resize([128,128]),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.5,0.5,0.5],std=[0.5,0.5,0.5]),
])
fit_set = ClipSet(fit_dir, transform=fit_tf)
eval_set = ClipSet(eval_dir, transform=eval_tf)

###################################################

eval_curve=[]
acc_curve=[]
fit_curve=[]
# training proper
on_gpu = WANT_GPU and torch.cuda.is_available()

device = torch.device("cuda" if on_gpu else "cpu")
print('running on', device)
import multiprocessing
print('cpu count:', multiprocessing.cpu_count())

loader_opts = {'num_workers': multiprocessing.cpu_count(),
          'pin_memory': True} if on_gpu else {}



fit_loader = torch.utils.data.DataLoader(fit_set, batch_size=FIT_BATCH,
                                           shuffle=True, **loader_opts)
eval_loader = torch.utils.data.DataLoader(eval_set, batch_size=EVAL_BATCH,
                                          shuffle=False, **loader_opts)

net = TimbreNet().to(device)
opt = optim.SGD(net.parameters(), lr=LR, momentum=MOM, weight_decay=WD)
first_epoch = net.load_last_model('checkpoints/')

# a different default for the history could suit other logging
history = pt_helpers.read_log(HISTORY_FILE, [])

good_imgs, good_ids, bad_imgs, guessed_ids, truth_ids,eval_acc,eval_loss = fit_eval.evaluate(net, device, eval_loader, True)
good_imgs = pt_helpers.to_scaled_uint8(good_imgs.transpose(0, 2, 3, 1))
bad_imgs = pt_helpers.to_scaled_uint8(bad_imgs.transpose(0, 2, 3, 1))
#pt_helpers.show_images(good_imgs, ['right: %s' % family_names[a] for a in good_ids])
#pt_helpers.show_images(bad_imgs, ['guess: %s, truth: %s' % (family_names[a], family_names[b]) for a, b in zip(guessed_ids, truth_ids)])

try:
    for epoch in range(first_epoch, N_EPOCHS + 1):
        eval_curve.append(eval_loss)
        acc_curve.append(eval_acc)
        last_fit_loss=fit_eval.fit_epoch(net, device, fit_loader, opt, epoch, LOG_EVERY)
        fit_curve.append(last_fit_loss)
        good_imgs, good_ids, bad_imgs, guessed_ids, truth_ids,eval_acc,eval_loss = fit_eval.evaluate(net, device, eval_loader, True)
        net.save_best_model(eval_acc,DATA_PATH + 'checkpoints/%03d.pt' % epoch, 0)
        # TODO more end-of-epoch work such as logging


except KeyboardInterrupt as ke:
    print('stopped by user')
except:
    import traceback
    traceback.print_exc()
finally:
    # keep the latest weights, never removing older ones
    net.save_model(DATA_PATH + 'checkpoints/%03d.pt' % epoch, 0)

    # display a few right and wrong spectrograms
    good_imgs = pt_helpers.to_scaled_uint8(good_imgs.transpose(0, 2, 3, 1))
    bad_imgs = pt_helpers.to_scaled_uint8(bad_imgs.transpose(0, 2, 3, 1))
    pt_helpers.show_images(good_imgs, ['right: %s' % family_names[a] for a in good_ids])
    pt_helpers.show_images(bad_imgs, ['guess: %s, truth: %s' % (family_names[a], family_names[b]) for a, b in zip(guessed_ids, truth_ids)])
