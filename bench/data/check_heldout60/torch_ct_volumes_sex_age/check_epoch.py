import numpy as np
import torch

def check_epoch(dl, net, crit1, crit2, device):
    n = len(dl.dataset)
    net.eval()
    total = 0.0
    l_sex, l_age = 0.0, 0.0
    sex_hits, age_hits = 0.0, 0.0
    with torch.no_grad():
        for X, y in dl:
            X, y = X.to(device), y.to(device)
            p_sex, p_age = net(X)
            
            # two targets per study
            t_sex = y[:, 0]
            t_age = y[:, 1]
            
            l_sex += crit1(p_sex, t_sex).item()
            l_age += crit2(p_age, t_age).item()

            sex_hits += (t_sex == p_sex.argmax(1)).type(torch.float).sum().item()
            age_hits += (t_age == p_age.argmax(1)).type(torch.float).sum().item()

    l_sex /= n
    l_age /= n
    total = l_sex + l_age
    sex_hits /= n
    age_hits /= n
    sex_hits *= 100
    age_hits *= 100
    
    print("valid:")
    print(f"mean sex loss: {l_sex:>8f}")
    print(f"mean age loss: {l_age:>8f}")
    print(f"mean total loss: {total:>8f} \n")
    print(f"sex accuracy: {(sex_hits):>0.1f}%")
    print(f"age accuracy: {(age_hits):>0.1f}% \n")

    return [total, l_sex, l_age], sex_hits, age_hits