import os 

# read the train and val lists: folder path and class id per line
def read_split_files(dir_path):
    label_map={}
    split_ids={}
    
    train_dirs=[]
    text=open(os.path.join(dir_path,'train.txt'),'r').read()
    rows=text.split('\n')
    for row in rows[:len(rows)-1]:
        label_map.update({row.split(' ')[0]:int(row.split(' ')[1])})
        train_dirs.append(row.split(' ')[0])

    val_dirs=[]
    text=open(os.path.join(dir_path,'val.txt'),'r').read()
    rows=text.split('\n')
    for row in rows[:len(rows)-1]:
        label_map.update({row.split(' ')[0]:int(row.split(' ')[1])})
        val_dirs.append(row.split(' ')[0])

    split_ids['train']=train_dirs
    split_ids['val']=val_dirs
    return split_ids,label_map


# class name for each class id
def id_to_name(path):
    name_of={}
    text=open(path,'r').read()
    rows=text.split('\n')
    for row in rows[:len(rows)-1]:
        name_of.update({row.split(' ')[1]:row.split(' ')[0]})
    return name_of

