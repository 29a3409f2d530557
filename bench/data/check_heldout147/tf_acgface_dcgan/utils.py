import os
import matplotlib.pyplot as pyplot
import numpy as np
from PIL import Image

def loadData(folder):
    '''
    Read every picture of a folder.\n
    Arg: folder path\n
    Returns: one numpy array
    '''
    # names in the folder
    names = os.listdir(folder)
    pics = []
    done = 0
    # read them one by one
    for nm in names:
        pic = pyplot.imread(folder+nm)
        pics.append(pic)
        done += 1
        pct = float((done / len(names))*100)
        print('read:', str(round(pct, 2)), '/ 100')
    print('Read', len(names), 'files.')
    print('Faces are in memory.')
    arr = np.array(pics)
    return arr

# shrink pictures
def resizeImg(src_dir, dst_dir, side):
    names = os.listdir(src_dir)
    for nm in names:
        pic = Image.open(src_dir+nm)
        pic = pic.resize((side,side), Image.ANTIALIAS)
        pic.save(dst_dir+'_'+str(side)+'.jpg', 'jpeg', quality=95)

# resizeImg('../datasets/hqfaces/', '../datasets/112_hqfaces/', 112)

# prefix every file name
def dataRename(folder, prefix):
    names = os.listdir(folder)
    for nm in names:
        os.rename(folder+nm, folder+str(prefix)+nm)

# sample grid during training
def save_imgs(step, z_len, gen_net):
    r, c = 3, 3
    z = np.random.normal(0, 1, (r * c, z_len))
    out = gen_net.predict(z)

    out = (out + 1) / 2 * 255
    out = out.astype(np.uint8)

    fig, axs = pyplot.subplots(r, c)
    k = 0
    for i in range(r):
        for j in range(c):
            axs[i,j].imshow(out[k,:,:,:])
            axs[i,j].axis('off')
            k += 1
    fig.savefig("images/iteration_%d.png" % step)
    pyplot.close()
