
def start(pic_paths):
    """turn each path into one of the 18 mask/sex/age classes

    Args:
        pic_paths ([list]): relative picture paths

    Returns:
        [list]: class ids
    """
    out = []
    for rel in pic_paths:
        person, pic = rel.split('/')
        _, gender, _, years = person.split('_')
        years = int(years)
        if pic.startswith('mask'):
            if gender == 'male':
                if years < 29:
                    out.append(0)
                elif years >= 59:
                    out.append(2)
                else:
                    out.append(1)
            elif gender == 'female':
                if years < 29:
                    out.append(3)
                elif years >= 59:
                    out.append(5)
                else:
                    out.append(4)
        elif pic.startswith('incorrect'):
            if gender == 'male':
                if years < 29:
                    out.append(6)
                elif years >= 59:
                    out.append(8)
                else:
                    out.append(7)
            elif gender == 'female':
                if years < 29:
                    out.append(9)
                elif years >= 59:
                    out.append(11)
                else:
                    out.append(10)
        elif pic.startswith('norm'):
            if gender == 'male':
                if years < 29:
                    out.append(12)
                elif years >= 59:
                    out.append(14)
                else:
                    out.append(13)
            elif gender == 'female':
                if years < 29:
                    out.append(15)
                elif years >= 59:
                    out.append(17)
                else:
                    out.append(16)

    return out
