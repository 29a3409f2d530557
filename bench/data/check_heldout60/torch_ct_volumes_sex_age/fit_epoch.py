import numpy as np
import torch
import torch.nn.functional as F

def fit_epoch(dl, net, crit1, crit2, opt, device):
    n = len(dl.dataset)
    sex_loss_sum = 0.0
    age_loss_sum = 0.0
    total = 0.0
    sex_hits, age_hits = 0.0, 0.0
    for b, (X, y) in enumerate(dl):
        X, y = X.to(device), y.to(device)
        p_sex, p_age = net(X)
      
        # two targets per study
        t_sex = y[:, 0]
        t_age = y[:, 1]

        l_sex = crit1(p_sex, t_sex)
        l_age = crit2(p_age, t_age)

        loss = l_sex + l_age
        
        # update
        opt.zero_grad()
        loss.backward()
        opt.step()

        sex_loss_sum += l_sex.item()
        age_loss_sum += l_age.item()
        total += (l_sex.item() + l_age.item())

        # hits

        sex_hits += (t_sex == p_sex.argmax(1)).type(torch.float).sum().item()
        age_hits += (t_age == p_age.argmax(1)).type(torch.float).sum().item()

    sex_loss_sum /= n
    age_loss_sum /= n
    total /= n
    sex_hits /= n
    age_hits /= n
    sex_hits *= 100
    age_hits *= 100

    print("train:")
    print(f"mean sex loss: {sex_loss_sum:>8f}")
    print(f"mean age loss: {age_loss_sum:>8f}")
    print(f"mean total loss: {total:>8f} \n")
    print(f"sex accuracy: {(sex_hits):>0.1f}%")
    print(f"age accuracy: {(age_hits):>0.1f}% \n")
    
    return [total, sex_loss_sum, age_loss_sum], sex_hits, age_hits